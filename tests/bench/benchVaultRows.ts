import type { NoteRow } from '../../src/worker/db/notesTables';
import type { TaskRow } from '../../src/worker/db/planningTables';

/**
 * The one definition of the /mcp bench's vault (10,000 notes and 20,000 tasks in the bench), as
 * plain rows of the real Dexie schema: written into the browser's IndexedDB by
 * tests/bench/mcp.bench.ts and into fake-indexeddb by tests/bench/mcpSearchVault.ts, so the
 * figures of both measure the same vault. Every body cycles the same 10 words, so every note
 * holds every query word 30 times and every query touches the whole vault: the case where
 * ranking and tie-breaking cost most.
 */
export const BENCH_WORDS = 'stone path river note task cairn field light north ridge'.split(' ');
export const BENCH_QUERIES = ['river', 'stone', 'north ridge', 'cairn light', 'field path'];
/** the time the seeded rows were made (fixed, so every run ranks and pages the same) */
export const BENCH_T0 = Date.UTC(2026, 10, 21);

export interface BenchNote {
  row: NoteRow;
  markdown: string;
}

/** Notes `from` to `to - 1` (a caller may write them in chunks): `n<i>`, in 20 folders. */
export function benchNotes(to: number, t0 = BENCH_T0, from = 0): BenchNote[] {
  const words = BENCH_WORDS;
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => {
    const i = from + k;
    const title = `Note ${i} ${words[i % words.length]}`;
    const markdown = Array.from({ length: 300 }, (_, w) => words[(i * 7 + w) % words.length]).join(' ');
    const row: NoteRow = {
      id: `n${i}`,
      title,
      titleKey: title.toLowerCase(),
      folderPath: `Folder ${i % 20}`,
      fileType: 'markdown',
      snippet: markdown.slice(0, 160),
      wordCount: 300,
      tags: [],
      emoji: null,
      localOnly: false,
      created: t0 - i * 1000,
      modified: t0 - i * 1000,
    };
    return { row, markdown };
  });
}

/** Open Inbox tasks `from` to `to - 1`, with their index keys (`t<i>`, priority i % 5). */
export function benchTasks(to: number, t0 = BENCH_T0, from = 0): TaskRow[] {
  const iso = new Date(t0).toISOString();
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => {
    const i = from + k;
    return {
      id: `t${i}`,
      projectId: 'inbox',
      statusId: null,
      parentId: null,
      title: `Task ${i} ${BENCH_WORDS[i % BENCH_WORDS.length]}`,
      description: null,
      priority: i % 5,
      position: i,
      dueDate: null,
      dueTime: null,
      startDate: null,
      repeatConfig: null,
      repeatFrom: null,
      sourceNoteId: null,
      completedAt: null,
      archivedAt: null,
      syncedAt: null,
      tags: [],
      createdAt: iso,
      modifiedAt: iso,
      clock: {},
      fieldClocks: {},
      state: 0,
      parentKey: '',
      statusKey: '',
    } satisfies TaskRow;
  });
}
