import { base64 } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filingPatterns } from '../../../src/worker/domain/inbox/filingPatterns';
import { learnedSuggestions } from '../../../src/worker/domain/inbox/learnedSuggestions';
import { openTestVault, value } from '../planning/harness';

type Suggestion = {
  kind: string;
  id: string;
  name: string;
  score: number;
  why: string[];
  similarFiled: number;
};
type Job = { itemId: string; kind: string; state: string; detail: string | null; retry: string | null };

let v: Awaited<ReturnType<typeof openTestVault>>;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

const capture = async (text: string, tags?: string[]) =>
  value<{ id: string }>(await v.write('inbox.captureText', { text, ...(tags ? { tags } : {}) })).id;
const suggestionsFor = async (id: string) =>
  value<{ suggestions: Suggestion[] }>(await v.read('inbox.getSuggestions', id)).suggestions;
const project = async (name: string) =>
  value<{ projects: { id: string }[] }>(await v.write('tasks.createProject', { name })).projects[0]!.id;

describe('learned suggestions', () => {
  it('suggests the project where similar items were filed, though its name shares no word', async () => {
    const errands = await project('Errands');
    await project('Garden');
    const first = await capture('Buy milk and eggs');
    value(await v.write('inbox.file', first, { projectId: errands }));
    const next = await capture('Buy eggs for the weekend');
    const got = await suggestionsFor(next);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ kind: 'project', id: errands, why: ['history'], similarFiled: 1 });
    // One shared word is not "similar": nothing learned for an unrelated capture.
    expect(await suggestionsFor(await capture('Eggs benedict recipe'))).toEqual([]);
  });

  it('an undone filing teaches nothing', async () => {
    const errands = await project('Errands');
    const first = await capture('Buy milk and eggs');
    value(await v.write('inbox.file', first, { projectId: errands }));
    value(await v.write('inbox.undoFile', first));
    expect(await suggestionsFor(await capture('Buy eggs and milk again'))).toEqual([]);
  });

  it('a dismissed suggestion is not offered again for that item; bad answers change nothing', async () => {
    const errands = await project('Errands');
    value(await v.write('inbox.file', await capture('Buy milk and eggs'), { projectId: errands }));
    const next = await capture('Buy eggs and bread');
    expect((await suggestionsFor(next)).map((s) => s.id)).toEqual([errands]);
    const before = await v.db.inbox.get(next);

    const unknown = await v.write('inbox.trackSuggestion', next, {
      kind: 'project',
      target: 'nope',
      outcome: 'dismissed',
    });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error).toMatchObject({ code: 'VALIDATION', field: 'args[1].target' });
    const badOutcome = await v.write('inbox.trackSuggestion', next, {
      kind: 'project',
      target: errands,
      outcome: 'maybe',
    });
    expect(badOutcome.ok).toBe(false);
    const missing = await v.write('inbox.trackSuggestion', 'gone', {
      kind: 'project',
      target: errands,
      outcome: 'accepted',
    });
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND');
    expect(await v.db.inbox.get(next)).toEqual(before);

    const tracked = value<{ target: string }>(
      await v.write('inbox.trackSuggestion', next, {
        kind: 'project',
        target: errands,
        outcome: 'dismissed',
      }),
    );
    expect(tracked.target).toBe(`project:${errands}`);
    expect(await suggestionsFor(next)).toEqual([]);
  });
});

describe('filing patterns', () => {
  it('groups recent filings by where they went, with their words, tags, types and answers', async () => {
    const errands = await project('Errands');
    await v.db.folders.put({ path: 'Recipes', parent: '', name: 'Recipes', position: 0, created: 0 });
    const a = await capture('Buy milk', ['shop']);
    const b = await capture('Buy bread', ['shop']);
    const c = await capture('Pancakes with milk');
    value(
      await v.write('inbox.trackSuggestion', a, { kind: 'project', target: errands, outcome: 'accepted' }),
    );
    value(await v.write('inbox.bulkFile', [a, b], { projectId: errands }));
    value(await v.write('inbox.convertToNote', c, { folder: 'Recipes' }));
    const { patterns, basedOn } = value<{
      basedOn: number;
      patterns: {
        target: string;
        name: string;
        filed: number;
        accepted: number;
        words: { word: string }[];
      }[];
    }>(await v.read('inbox.getPatterns'));
    expect(basedOn).toBe(3);
    expect(patterns.map((p) => [p.target, p.name, p.filed, p.accepted])).toEqual([
      [`project:${errands}`, 'Errands', 2, 1],
      ['folder:Recipes', 'Recipes', 1, 0],
    ]);
    expect(patterns[0]!.words[0]!.word).toBe('buy');
    expect(patterns[0]).toMatchObject({ tags: [{ tag: 'shop', count: 2 }], types: { text: 2 } });
  });

  it('filingPatterns names a target that is gone null (pure)', () => {
    const row = {
      title: 'x',
      content: null,
      tags: [],
      sourceUrl: null,
      type: 'text' as const,
      filedAt: '2026-11-21T10:00:00.000Z',
      history: [
        { at: '2026-11-21T10:00:00.000Z', action: 'file' as const, target: 'task:t', into: 'project:p' },
      ],
    };
    expect(filingPatterns([row], new Map())).toMatchObject([{ target: 'project:p', name: null, filed: 1 }]);
    expect(
      learnedSuggestions(
        { ...row, title: 'x y' },
        [{ kind: 'project', id: 'q', name: 'Q' }],
        [row],
        new Set(),
      ),
    ).toEqual([]);
  });
});

describe('jobs', () => {
  it('lists each item’s background work with its state, detail and retry', async () => {
    const link = value<{ id: string }>(
      await v.write('inbox.captureLink', { url: 'https://example.com/a' }),
    ).id;
    const voice = value<{ id: string }>(
      await v.write('inbox.captureVoice', {
        data: base64.encode(new Uint8Array([1, 2, 3])),
        mimeType: 'audio/webm',
      }),
    ).id;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
    const image = value<{ id: string }>(
      await v.write('inbox.captureImage', { data: base64.encode(png), mimeType: 'image/png' }),
    ).id;
    await capture('plain text has no job');
    // A link whose preview failed says why.
    const row = (await v.db.inbox.get(link))!;
    await v.db.inbox.put({ ...row, processingStatus: 'failed', processingError: 'no preview: offline' });

    const { jobs, counts } = value<{ jobs: Job[]; counts: Record<string, number> }>(
      await v.read('inbox.getJobs'),
    );
    const byItem = new Map(jobs.map((j) => [j.itemId, j]));
    expect(jobs).toHaveLength(3);
    expect(byItem.get(link)).toMatchObject({
      kind: 'linkPreview',
      state: 'failed',
      detail: 'no preview: offline',
      retry: 'inbox.retryMetadata',
    });
    expect(byItem.get(voice)).toMatchObject({ kind: 'transcription', state: 'unavailable' });
    expect(byItem.get(voice)!.detail).toMatch(/no transcription model/);
    expect(byItem.get(image)).toMatchObject({ kind: 'extraction', state: 'waiting' });
    expect(counts).toMatchObject({ failed: 1, unavailable: 1, waiting: 1, done: 0 });

    const failedOnly = value<{ jobs: Job[] }>(await v.read('inbox.getJobs', { state: 'failed' })).jobs;
    expect(failedOnly.map((j) => j.itemId)).toEqual([link]);
    expect((await v.read('inbox.getJobs', { state: 'stuck' })).ok).toBe(false);
  });
});
