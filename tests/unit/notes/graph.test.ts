import { describe, expect, it } from 'vitest';
import { readNote } from '../../../src/worker/domain/notes/frontmatter/readNote';
import { getGraphData, getLocalGraph } from '../../../src/worker/domain/notes/graph';
import { getLinks } from '../../../src/worker/domain/notes/links/getLinks';
import { LinkResolver } from '../../../src/worker/domain/notes/links/linkResolver';
import { type LinkRow, linkRowsOf } from '../../../src/worker/domain/notes/links/linkRows';
import type { LinkStore } from '../../../src/worker/domain/notes/links/linkStore';
import { previewByTitle } from '../../../src/worker/domain/notes/links/previewByTitle';
import type { NoteHeader } from '../../../src/worker/domain/notes/noteHeader';
import { loadFixtureVault } from './fixtureVault';

/** An in-memory LinkStore over rows, as the worker's Dexie table would answer. */
function memoryStore(rows: LinkRow[]): LinkStore {
  return {
    outgoingOf: (id) => rows.filter((r) => r.from_id === id),
    incomingOf: (id) => rows.filter((r) => r.to_id === id),
    allLinks: () => rows,
  };
}

const md = (id: string, title: string, folder_path = ''): NoteHeader => ({
  id,
  title,
  folder_path,
  file_type: 'markdown',
});

describe('getLinks and graphs on a small vault', () => {
  const headers = [md('a', 'A'), md('b', 'B'), md('c', 'C', 'F'), md('d', 'D'), md('e', 'E')];
  const sources: Record<string, string> = {
    a: '---\nx: 1\n---\n# Intro\nSee [[B]] and [[B#Part|part]] and [[F/C]] and [[Ghost]] and [[#Intro]].\n',
    b: 'Back to [[a]].\n## Part\nThe part. ^p1\n## Next\nmore\n',
    c: '![[B]]',
    d: '',
    e: 'Only [[F/C]]',
  };
  const resolver = new LinkResolver(headers);
  const rows = headers.flatMap((h) => linkRowsOf(h, readNote(sources[h.id] ?? '').body, resolver));
  const store = memoryStore(rows);
  const header = (id: string) => resolver.get(id);

  it('lists outgoing links and backlinks with the other end', () => {
    const links = getLinks('b', store, header);
    expect(links.outgoing.map((o) => o.note.id)).toEqual(['a']);
    expect(links.backlinks.map((o) => [o.note.title, o.embed, o.alias])).toEqual([
      ['A', false, null],
      ['A', false, 'part'],
      ['C', true, null],
    ]);
    const fromA = getLinks('a', store, header);
    expect(fromA.unresolved_count).toBe(1);
    expect(fromA.outgoing.find((o) => !o.note.exists)?.note.title).toBe('Ghost');
    expect(fromA.backlinks.map((b) => b.note.id)).toEqual(['b']); // the self-link is not a backlink
  });

  it('builds the vault graph with counted edges, without self-links', () => {
    const g = getGraphData(headers, store);
    expect(g.edges).toEqual([
      { source: 'a', target: 'b', count: 2 },
      { source: 'a', target: 'c', count: 1 },
      { source: 'b', target: 'a', count: 1 },
      { source: 'c', target: 'b', count: 1 },
      { source: 'e', target: 'c', count: 1 },
    ]);
    expect(g.nodes.find((n) => n.id === 'd')?.degree).toBe(0);
    expect(getGraphData(headers, store, { hideOrphans: true }).nodes.map((n) => n.id)).toEqual([
      'a',
      'b',
      'c',
      'e',
    ]);
    const withGhosts = getGraphData(headers, store, { includeUnresolved: true });
    expect(withGhosts.nodes.find((n) => n.id === 'unresolved:Ghost')).toMatchObject({ exists: false });
  });

  it('builds a local graph to the requested depth', () => {
    const one = getLocalGraph('e', 1, store, header);
    expect(one.nodes.map((n) => n.id).sort()).toEqual(['c', 'e']);
    expect(one.edges).toEqual([{ source: 'e', target: 'c', count: 1 }]);
    const two = getLocalGraph('e', 2, store, header);
    expect(two.nodes.map((n) => n.id).sort()).toEqual(['a', 'b', 'c', 'e']);
    // edges among the shown nodes are drawn too (a → b), not only those of the centre
    expect(two.edges).toContainEqual({ source: 'a', target: 'b', count: 2 });
    expect(getLocalGraph('missing', 2, store, header)).toEqual({ nodes: [], edges: [] });
  });

  it('previews a note, a heading section and a block', () => {
    const bodies = { readSource: (id: string) => sources[id] };
    expect(previewByTitle('b#part', resolver, bodies)).toMatchObject({
      preview: '## Part\nThe part. ^p1',
      section_found: true,
    });
    expect(previewByTitle('B#^p1', resolver, bodies).preview).toBe('The part.');
    expect(previewByTitle('A', resolver, bodies).preview?.startsWith('# Intro')).toBe(true);
    expect(previewByTitle('B', resolver, bodies, 10)).toMatchObject({ preview: 'Back to', truncated: true });
    expect(previewByTitle('Ghost', resolver, bodies)).toMatchObject({ exists: false, preview: null });
  });
});

describe('graph of the fixture vault', () => {
  it('connects the help notes', () => {
    const items = loadFixtureVault();
    const resolver = new LinkResolver(items.map((i) => i.header));
    const rows = items.flatMap((i) =>
      i.source === undefined ? [] : linkRowsOf(i.header, readNote(i.source).body, resolver),
    );
    const g = getGraphData(resolver.headers(), memoryStore(rows), { hideOrphans: true });
    const home = items.find((i) => i.header.title === 'Home')?.header;
    expect(home).toBeDefined();
    expect(g.nodes.length).toBeGreaterThan(150);
    expect(g.edges.reduce((n, e) => n + e.count, 0)).toBeLessThanOrEqual(1804);
    const local = getLocalGraph(home?.id ?? '', 1, memoryStore(rows), (id) => resolver.get(id));
    expect(local.nodes.length).toBeGreaterThan(5);
  });
});
