import { describe, expect, it } from 'vitest';
import { LinkResolver } from '../../../src/worker/domain/notes/links/linkResolver';
import { parseLinks } from '../../../src/worker/domain/notes/links/parseLinks';
import { applyEdits, relativePath, rewriteLinks } from '../../../src/worker/domain/notes/links/rewriteLinks';
import type { NoteHeader } from '../../../src/worker/domain/notes/noteHeader';
import { loadFixtureVault } from './fixtureVault';

const note = (id: string, folder_path: string, title: string): NoteHeader => ({
  id,
  title,
  folder_path,
  file_type: 'markdown',
});

/** Renames/moves `changed` over `headers` and rewrites `body` written in note `source`. */
function run(
  headers: NoteHeader[],
  changed: NoteHeader[],
  body: string,
  source = headers[0] as NoteHeader,
): string {
  const before = new LinkResolver(headers);
  const after = new LinkResolver(headers);
  for (const h of changed) after.upsert(h);
  const sourceAfter = after.get(source.id) as NoteHeader;
  const ids = new Set(changed.map((h) => h.id));
  const edits = rewriteLinks(
    body,
    { id: source.id, folderBefore: source.folder_path, folderAfter: sourceAfter.folder_path },
    (t, f, s) => before.resolve(t, f, s)?.header.id ?? null,
    (t, f, s) => after.resolve(t, f, s)?.header.id ?? null,
    (id) => after.get(id),
    (id) => ids.has(id),
  );
  return applyEdits(body, edits);
}

const src = note('s', '', 'Source');
const old = note('m', 'Work', 'Meeting notes');
const renamed = note('m', 'Work', 'Weekly sync');

describe('rewriteLinks: renaming a note', () => {
  it('rewrites every wiki form and keeps subpath, alias, embed and a written .md', () => {
    const body = [
      '[[Meeting notes]] [[Meeting notes|the meeting]] [[Meeting notes#Agenda]] [[Meeting notes#^b1]]',
      '![[Meeting notes]] ![[Meeting notes#Agenda|x]] [[Work/Meeting notes]] [[Meeting notes.md]]',
      '[[meeting notes]] | [[Meeting notes\\|in a table]] |',
    ].join('\n');
    expect(run([src, old], [renamed], body)).toBe(
      [
        '[[Weekly sync]] [[Weekly sync|the meeting]] [[Weekly sync#Agenda]] [[Weekly sync#^b1]]',
        '![[Weekly sync]] ![[Weekly sync#Agenda|x]] [[Work/Weekly sync]] [[Weekly sync.md]]',
        '[[Weekly sync]] | [[Weekly sync\\|in a table]] |',
      ].join('\n'),
    );
  });

  it('rewrites markdown links: plain, encoded, bracketed, relative, with a fragment and a title', () => {
    const body = [
      '[a](Work/Meeting%20notes.md) [b](<Work/Meeting notes.md>) [c](./Work/Meeting%20notes.md#Agenda)',
      '[d](Meeting%20notes.md "title") ![e](Work/Meeting%20notes.md)',
    ].join('\n');
    expect(run([src, old], [renamed], body)).toBe(
      [
        '[a](Work/Weekly%20sync.md) [b](<Work/Weekly sync.md>) [c](./Work/Weekly%20sync.md#Agenda)',
        '[d](Weekly%20sync.md "title") ![e](Work/Weekly%20sync.md)',
      ].join('\n'),
    );
  });

  it('touches nothing inside code blocks, inline code or comments, nor links to other notes', () => {
    const body = [
      '```',
      '[[Meeting notes]]',
      '```',
      '`[[Meeting notes]]` %%[[Meeting notes]]%% <!-- [[Meeting notes]] -->',
      '~~~md',
      '[x](Meeting%20notes.md)',
      '~~~',
      '[[Other]] [[Meeting notes]] [web](https://x.org/Meeting%20notes.md)',
    ].join('\n');
    const out = run([src, old, note('o', '', 'Other')], [renamed], body);
    expect(out).toBe(body.replace('[[Other]] [[Meeting notes]]', '[[Other]] [[Weekly sync]]'));
  });

  it('uses the shortest path that still reaches the note when the new name is taken elsewhere', () => {
    const twin = note('t', '', 'Weekly sync'); // in the linking note's folder: a bare name would reach it
    expect(run([src, old, twin], [renamed], '[[Meeting notes]]')).toBe('[[Work/Weekly sync]]');
  });

  it('leaves a same-note link [[#Heading]] and unresolved links alone', () => {
    const body = '[[#Agenda]] [[Missing]] [[Meeting notes]]';
    expect(run([src, old], [renamed], body)).toBe('[[#Agenda]] [[Missing]] [[Weekly sync]]');
  });
});

describe('rewriteLinks: moving', () => {
  it('keeps a bare name that still resolves after a move, rewrites paths', () => {
    const moved = note('m', 'Archive/2024', 'Meeting notes');
    const body = '[[Meeting notes]] [[Work/Meeting notes]] [x](Work/Meeting%20notes.md)';
    expect(run([src, old], [moved], body)).toBe(
      '[[Meeting notes]] [[Archive/2024/Meeting notes]] [x](Archive/2024/Meeting%20notes.md)',
    );
  });

  it('rewrites the moved note’s own relative markdown links', () => {
    const a = note('a', 'Work', 'A');
    const target = note('b', 'Work/Sub', 'B');
    const aMoved = note('a', 'Archive', 'A');
    expect(run([a, target], [aMoved], '[b](./Sub/B.md) [[B]]', a)).toBe('[b](../Work/Sub/B.md) [[B]]');
  });

  it('rewrites links to every note of a renamed folder', () => {
    const x = note('x', 'Projects/Cairn', 'Plan');
    const y = note('y', 'Projects', 'Roadmap');
    const changed = [note('x', 'Work/Cairn', 'Plan'), note('y', 'Work', 'Roadmap')];
    const body = '[[Projects/Cairn/Plan]] [r](Projects/Roadmap.md) [[Roadmap#Q1]]';
    expect(run([src, x, y], changed, body)).toBe('[[Work/Cairn/Plan]] [r](Work/Roadmap.md) [[Roadmap#Q1]]');
  });

  it('relativePath climbs and descends', () => {
    expect(relativePath('a/b', 'a/c/T.md')).toBe('../c/T.md');
    expect(relativePath('', 'x/T.md')).toBe('./x/T.md');
    expect(relativePath('a', 'a/T.md')).toBe('./T.md');
    expect(relativePath('a/b', 'x/T.md')).toBe('../../x/T.md');
  });
});

describe('rewriteLinks on the Obsidian Help vault', () => {
  it('renaming a note with at least 13 backlinks keeps every one of them resolving to it', () => {
    const items = loadFixtureVault();
    const headers = items.map((i) => i.header);
    const before = new LinkResolver(headers);
    const incoming = new Map<string, Set<string>>();
    for (const item of items) {
      if (item.source === undefined) continue;
      for (const l of parseLinks(item.source)) {
        const to = before.resolve(l.target, item.header.folder_path, item.header.id)?.header.id;
        if (to && to !== item.header.id) {
          const set = incoming.get(to) ?? new Set();
          set.add(item.header.id);
          incoming.set(to, set);
        }
      }
    }
    // A note with exactly 13 linking notes if there is one, else the first with more.
    const counts = [...incoming].filter(([id]) => before.get(id)?.file_type === 'markdown');
    const pickId = (counts.find(([, s]) => s.size === 13) ?? counts.find(([, s]) => s.size > 13))?.[0] ?? '';
    const target = before.get(pickId) as NoteHeader;
    const backlinkers = items.filter((i) => incoming.get(pickId)?.has(i.header.id));
    expect(backlinkers.length).toBeGreaterThanOrEqual(13);

    const renamedTarget = { ...target, title: `${target.title} renamed` };
    const after = new LinkResolver(headers);
    after.upsert(renamedTarget);
    let rewritten = 0;
    for (const item of backlinkers) {
      const source = item.source as string;
      const edits = rewriteLinks(
        source,
        { id: item.header.id, folderBefore: item.header.folder_path, folderAfter: item.header.folder_path },
        (t, f, s) => before.resolve(t, f, s)?.header.id ?? null,
        (t, f, s) => after.resolve(t, f, s)?.header.id ?? null,
        (id) => after.get(id),
        (id) => id === pickId,
      );
      rewritten += edits.length;
      const next = applyEdits(source, edits);
      const toTarget = (text: string) =>
        parseLinks(text).filter(
          (l) => after.resolve(l.target, item.header.folder_path, item.header.id)?.header.id === pickId,
        ).length;
      const beforeCount = parseLinks(source).filter(
        (l) => before.resolve(l.target, item.header.folder_path, item.header.id)?.header.id === pickId,
      ).length;
      // every link that reached the note still does; nothing else in the body changed
      expect(toTarget(next)).toBe(beforeCount);
      expect(next.length - source.length).toBe(edits.length * ' renamed'.length);
    }
    expect(rewritten).toBeGreaterThanOrEqual(13);
  });
});
