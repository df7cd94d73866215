import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOperation } from '../../../../src/worker/ops/defineOperation';
import type { NoteEntry } from '../../../../src/worker/ops/notes/noteShape';
import { createRegistry } from '../../../../src/worker/ops/registry';
import { ok } from '../../../../src/worker/ops/result';
import { listFolderTool } from '../../../../src/worker/tools/notes/listFolderTool';
import { createToolHost } from '../../../../src/worker/tools/toolHost';
import { AGENT, type FullVault, openFullVault } from '../fixtures/fullVault';

const entry = (folder: string, i: number): NoteEntry => ({
  id: `${folder}-${i}`,
  path: `${folder}/Note ${i}.md`,
  title: `Note ${i}`,
  folder,
  created: '2026-03-14T09:00:00.000Z',
  modified: '2026-03-14T09:00:00.000Z',
  tags: [],
  wordCount: 0,
  snippet: '',
  emoji: null,
  localOnly: false,
  fileType: 'markdown',
  mimeType: null,
  fileSize: null,
});

/**
 * The 1000 cap (spec 4.1, 8) against folders of 700 notes each, paged as notes.list pages them:
 * counted here with list operations over arrays, since 1000+ real notes cost tens of seconds in
 * fake-indexeddb; the real notes.list paging has its own tests (tests/unit/ops/notes).
 */
describe('vault_list_folder returns at most 1000 entries', () => {
  const sizes: Record<string, number> = { A: 700, 'A/B': 700, C: 3 };
  const calls: { folder: string; limit: number; offset: number }[] = [];
  const registry = createRegistry([
    defineOperation({
      name: 'notes.getFolders',
      summary: 'folders',
      kind: 'read',
      params: [] as const,
      handler: () => ok(Object.keys(sizes).map((path) => ({ path }))),
    }),
    defineOperation({
      name: 'notes.list',
      summary: 'one page of a folder',
      kind: 'read',
      params: [
        {
          name: 'options',
          required: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['folder', 'limit', 'offset', 'sort'],
            properties: {
              folder: { type: 'string' },
              limit: { type: 'integer' },
              offset: { type: 'integer' },
              sort: { enum: ['title'] },
            },
          },
        },
      ] as const,
      handler: ([{ folder, limit, offset }]) => {
        calls.push({ folder, limit, offset });
        const all = Array.from({ length: sizes[folder] ?? 0 }, (_, i) => entry(folder, i));
        const notes = all.slice(offset, offset + Math.min(limit, 500));
        return ok({ notes, total: all.length, hasMore: offset + notes.length < all.length });
      },
    }),
  ]);
  const host = createToolHost({ registry, tools: [listFolderTool], approve: async () => 'deny' });

  it('one folder under the cap: all of it; recursive over 1400: exactly 1000, in folder order', async () => {
    const one = await host.callTool('vault_list_folder', { path: 'A' }, AGENT);
    expect(one.ok && (one.value.json as unknown[]).length).toBe(700);
    calls.length = 0;
    const all = await host.callTool('vault_list_folder', { path: 'A', recursive: true }, AGENT);
    const entries = (all.ok ? all.value.json : []) as { id: string }[];
    expect(entries).toHaveLength(1000);
    expect(entries[699]?.id).toBe('A-699');
    expect(entries[999]?.id).toBe('A/B-299');
    // It stops asking once it has 1000: the last page asked for is exactly what was missing.
    expect(calls.at(-1)).toEqual({ folder: 'A/B', limit: 300, offset: 0 });
  });
});

/** Spec 2.2: filed pdf/image files list as kind `file`, markdown notes as kind `note`. */
describe('vault_list_folder on an opened vault', () => {
  let full: FullVault;
  beforeAll(async () => {
    full = await openFullVault();
    const inserted = await full.vault.notes.insertMany([
      {
        kind: 'pdf',
        title: 'scan.pdf',
        folderPath: 'Mixed',
        mime: 'application/pdf',
        blob: new Blob(['%PDF']),
      },
      { kind: 'image', title: 'photo.png', folderPath: 'Mixed', mime: 'image/png', blob: new Blob(['png']) },
      { kind: 'markdown', title: 'Plan', folderPath: 'Mixed', markdown: '# Plan' },
    ]);
    if (!inserted.ok) throw new Error(inserted.error.message);
  }, 60_000);
  afterAll(() => full.close());

  it('lists filed PDFs and images as kind file, markdown notes as kind note', async () => {
    const r = await full.agent.callTool('vault_list_folder', { path: 'Mixed' }, AGENT);
    const entries = (r.ok ? r.value.json : []) as { kind: string; file_type: string }[];
    expect(Object.fromEntries(entries.map((e) => [e.file_type, e.kind]))).toEqual({
      pdf: 'file',
      image: 'file',
      markdown: 'note',
    });
  });
});
