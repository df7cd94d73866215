import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLinkReads } from '../../../../src/worker/links/linkReads';
import { exportHtmlOperations } from '../../../../src/worker/ops/notes/exportHtmlOperation';
import { openNotesVault } from '../fixtures/notesVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
function openVault() {
  return openNotesVault({
    extra: ({ store, bodies, services }) => {
      const links = createLinkReads(services.db, bodies.links);
      return exportHtmlOperations({
        get: store.get,
        getBlob: store.getBlob,
        resolve: links.resolveWikiTarget,
      });
    },
  });
}

type Html = { html: string; title: string; bytes: number };

describe('notes.exportHtml', () => {
  let v: Awaited<ReturnType<typeof openVault>>;
  beforeEach(async () => {
    v = await openVault();
  });
  afterEach(() => v.db.delete());

  it('renders markdown as a standalone, script-free document with links and embedded images', async () => {
    await v.store.insertMany([
      {
        kind: 'image',
        title: 'dot.png',
        folderPath: '',
        mime: 'image/png',
        blob: new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }),
      },
    ]);
    await v.registry.write('notes.create', [{ title: 'Other' }], approveAll);
    const body = [
      '---',
      'tags: [x]',
      '---',
      '# Plan & <goals>',
      '',
      'Some **bold**, *em*, `code` and ~~gone~~ with [[Other|the other]] and [[Missing]].',
      '',
      '- [x] done',
      '- [ ] open',
      '',
      '1. one',
      '2. two',
      '',
      '> quoted',
      '',
      '```',
      '<script>alert(1)</script>',
      '```',
      '',
      '<div onclick="x()">inline <b>html</b></div>',
      '',
      '[bad](javascript:alert(1)) [good](https://example.org)',
      '',
      '![[dot.png]]',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
    ].join('\n');
    const created = await v.registry.write('notes.create', [{ title: 'Plan', content: body }], approveAll);
    const id = created.ok ? (created.value as { id: string }).id : '';
    const res = await v.registry.write('notes.exportHtml', [id], approveAll);
    expect(res.ok).toBe(true);
    const { html, title, bytes } = (res.ok ? res.value : {}) as Html;
    expect(title).toBe('Plan');
    expect(bytes).toBe(new TextEncoder().encode(html).byteLength);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Plan</title>');
    expect(html).not.toContain('tags: [x]');
    // an inline HTML tag is markup, not text: it is left out
    expect(html).toContain('<h2>Plan &#38;</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<s>gone</s>');
    expect(html).toContain('<a href="Other.html">the other</a>');
    expect(html).toContain(' and Missing.');
    expect(html).toContain('<input type="checkbox" disabled checked> <p>done</p>');
    expect(html).toMatch(/<ol>\n<li><p>one<\/p><\/li>/);
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('<p>inline html</p>');
    expect(html).toContain('<a href="https://example.org">good</a>');
    expect(html).toContain(`<img src="data:image/png;base64,${PNG}" alt="dot.png">`);
    expect(html).toContain('<th>a</th><th>b</th>');
    expect(html).toContain('<td>1</td><td>2</td>');
    // nothing executable: no script element, no handler attribute, no javascript: URL
    expect(html).not.toMatch(/<script|onclick|javascript:/i);

    const plain = await v.registry.write(
      'notes.exportHtml',
      [id, { links: 'text', images: 'omit' }],
      approveAll,
    );
    const p = (plain.ok ? plain.value : {}) as Html;
    expect(p.html).not.toContain('href="Other.html"');
    expect(p.html).not.toContain('data:image');
  });

  it('refuses a missing note, a filed file and bad options, changing nothing', async () => {
    await v.store.insertMany([
      {
        kind: 'image',
        title: 'dot.png',
        folderPath: '',
        mime: 'image/png',
        blob: new Blob([Buffer.from(PNG, 'base64')]),
      },
    ]);
    const notes = await v.db.notes.toArray();
    for (const [args, code] of [
      [['nope'], 'NOT_FOUND'],
      [['id1'], 'NOT_FOUND'],
      [[''], 'VALIDATION'],
      [['id1', { links: 'absolute' }], 'VALIDATION'],
      [['id1', { extra: true }], 'VALIDATION'],
      [[], 'VALIDATION'],
    ] as const) {
      const res = await v.registry.write('notes.exportHtml', [...args], approveAll);
      expect(res.ok ? 'ok' : res.error.code, JSON.stringify(args)).toBe(code);
    }
    expect(await v.db.notes.toArray()).toEqual(notes);
  });
});
