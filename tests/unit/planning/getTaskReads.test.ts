import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { toFullTask } from '../../../src/worker/domain/tasks/fullTask';
import { countsOf } from '../../../src/worker/domain/tasks/views/projectViews';
import { dexieTaskQuery } from '../../../src/worker/planning/tasks/dexieTaskQuery';
import { dexieTaskRead } from '../../../src/worker/planning/tasks/dexieTaskRead';
import { linksOfTask } from '../../../src/worker/planning/tasks/taskLinkReads';
import { value } from './harness';
import { useNoteTaskVault } from './noteTaskVault';

/**
 * What tasks.get asks IndexedDB, seen at the native API (Dexie's calls included): each request
 * with the number of answers its transaction had given before it was issued (0: issued with the
 * first batch), the transactions with their stores, and when each completed. Each answer waited
 * for before a request is issued is a round trip to the storage process in Chromium.
 */
interface Asked {
  store: string;
  index: string | null;
  method: string;
  answersBefore: number;
  /** values handed back (rows cloned): 1 for a get that found a row, n for a getAll */
  rows: number;
}
interface Log {
  transactions: { stores: string[]; mode: string }[];
  asked: Asked[];
  completed: number;
}

const METHODS = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'] as const;
const VALUE_METHODS = new Set(['get', 'getAll', 'openCursor']);

function record(log: Log): () => void {
  const answers = new WeakMap<IDBTransaction, number>();
  const undo: (() => void)[] = [];
  type Method = (...args: unknown[]) => unknown;
  const patch = (proto: object, name: string, wrap: (orig: Method) => Method) => {
    const methods = proto as Record<string, Method>;
    const orig = methods[name]!;
    methods[name] = wrap(orig);
    undo.push(() => {
      methods[name] = orig;
    });
  };
  patch(
    IDBDatabase.prototype,
    'transaction',
    (orig) =>
      function (this: IDBDatabase, ...args: unknown[]) {
        const tx = orig.apply(this, args) as IDBTransaction;
        log.transactions.push({ stores: [...tx.objectStoreNames].sort(), mode: tx.mode });
        answers.set(tx, 0);
        tx.addEventListener('complete', () => {
          log.completed += 1;
        });
        return tx;
      },
  );
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    for (const method of METHODS) {
      patch(
        proto,
        method,
        (orig) =>
          function (this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
            const store = 'objectStore' in this ? this.objectStore : this;
            const tx = store.transaction;
            const asked: Asked = {
              store: store.name,
              index: 'objectStore' in this ? this.name : null,
              method,
              answersBefore: answers.get(tx) ?? 0,
              rows: 0,
            };
            log.asked.push(asked);
            const req = orig.apply(this, args) as IDBRequest;
            req.addEventListener('success', () => {
              answers.set(tx, (answers.get(tx) ?? 0) + 1);
              const result = req.result as unknown;
              if (VALUE_METHODS.has(method) && result !== undefined && result !== null)
                asked.rows += Array.isArray(result) ? result.length : 1;
            });
            return req;
          },
      );
    }
  }
  return () => {
    for (const u of undo.reverse()) u();
  };
}

const vault = useNoteTaskVault();

/** tasks.get of `id` with its IndexedDB traffic recorded; `completedBefore`: transactions done when it answered. */
async function getRecorded(id: string) {
  const log: Log = { transactions: [], asked: [], completed: 0 };
  const stop = record(log);
  try {
    const result = await vault.v.read('tasks.get', id);
    const completedBefore = log.completed;
    await new Promise((r) => setTimeout(r, 20));
    return { full: value<Record<string, unknown>>(result), log, completedBefore };
  } finally {
    stop();
  }
}

describe('tasks.get: one IndexedDB round trip (docs/agent-tools.md, "Where a /mcp call spends its time")', () => {
  it('asks everything at once in one read-only transaction over tasks, notes and canvases, reading no subtask row', async () => {
    const parent = await vault.task('Parent');
    const open = await vault.task('Open child', { parentId: parent.id });
    const done = await vault.task('Done child', { parentId: parent.id });
    const gone = await vault.task('Archived child', { parentId: parent.id });
    await vault.task('Grandchild', { parentId: open.id });
    value(await vault.v.write('tasks.complete', done.id));
    value(await vault.v.write('tasks.archive', gone.id));
    const linking = await vault.note('Plan', `- [parent](svc://task/${parent.id})`);
    const c = value<{ id: string }>(await vault.v.write('canvas.create', { title: 'Board' }));
    const card = { id: 'e1', type: 'card', x: 0, y: 0, width: 100, height: 60 };
    value(
      await vault.v.write('canvas.saveScene', c.id, [{ ...card, entity_type: 'task', entity_id: parent.id }]),
    );

    const { full, log, completedBefore } = await getRecorded(parent.id);

    expect(full).toMatchObject({
      id: parent.id,
      subtaskCount: 2,
      completedSubtaskCount: 1,
      hasSubtasks: true,
      linkedNoteIds: [linking.id],
      linkedCanvasIds: [c.id],
    });
    expect(log.transactions).toEqual([{ stores: ['canvases', 'notes', 'tasks'], mode: 'readonly' }]);
    // Every request issued before the first answer: one round trip.
    expect(log.asked.map((a) => a.answersBefore)).toEqual(log.asked.map(() => 0));
    // The task's own row is the only row read (the subtasks are counted by the index, not cloned).
    expect(log.asked.reduce((n, a) => n + a.rows, 0)).toBe(1);
    expect(log.asked.filter((a) => a.method === 'count').map((a) => a.index)).toEqual([
      '[parentKey+state]',
      '[parentKey+state]',
    ]);
    // Answered on the last answer, not one round trip later on the transaction's commit.
    expect(completedBefore).toBe(0);
    expect(log.completed).toBe(1);
  });

  it('asks for the note the task was made from as soon as the row lands, and counts it when no link did', async () => {
    const source = await vault.note('Source', 'no link here');
    const t = await vault.task('From the note', { sourceNoteId: source.id });
    const { full, log } = await getRecorded(t.id);
    expect(full).toMatchObject({ linkedNoteIds: [source.id], subtaskCount: 0, completedSubtaskCount: 0 });
    expect(log.transactions).toHaveLength(1);
    const later = log.asked.filter((a) => a.answersBefore > 0);
    // Issued on the row's answer (the first), while the others were still in flight.
    expect(later).toEqual([{ store: 'notes', index: null, method: 'get', answersBefore: 1, rows: 1 }]);
  });

  it('answers NOT_FOUND for a missing id, and a source note that is gone or not markdown adds nothing', async () => {
    const missing = await vault.v.read('tasks.get', 'nope');
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
    const t = await vault.task('Orphan', { sourceNoteId: 'deleted-note' });
    expect(value<{ linkedNoteIds: string[] }>(await vault.v.read('tasks.get', t.id)).linkedNoteIds).toEqual(
      [],
    );
  });

  it('on a vault whose database was closed (switched away), refuses and does not open it again', async () => {
    const t = await vault.task('Late call');
    vault.v.db.close();
    const late = await vault.v.read('tasks.get', t.id);
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error).toMatchObject({ code: 'INTERNAL', operation: 'tasks.get' });
    expect(late.ok ? '' : late.error.message).toMatch(/DatabaseClosedError|closed/i);
    expect(vault.v.db.isOpen()).toBe(false);
  });

  it('answers byte for byte what the Dexie reads of the same task give (row, subtask counts, links)', async () => {
    const parent = await vault.task('Parent', { tags: ['a', 'b'], dueDate: '2026-11-30' });
    const child = await vault.task('Child', { parentId: parent.id });
    const done = await vault.task('Done', { parentId: parent.id });
    value(await vault.v.write('tasks.complete', done.id));
    const src = await vault.note('Source', `[child](svc://task/${child.id})`);
    const made = await vault.task('Made', { sourceNoteId: src.id });
    const linked = await vault.task('Linked from its source', { sourceNoteId: src.id });
    await vault.notes.updateBody(src.id, `[child](svc://task/${child.id}) [l](svc://task/${linked.id})`);
    const read = dexieTaskRead(vault.v.db);
    const query = dexieTaskQuery(vault.v.db);
    for (const t of [parent, child, done, made, linked]) {
      const record = await read.getTask(t.id);
      if (record === null) throw new Error(`${t.id} is gone`);
      const expected = toFullTask(
        record,
        countsOf(await query.subtaskCounts([t.id]), t.id),
        await linksOfTask(vault.v.db, record),
      );
      expect(JSON.stringify(value(await vault.v.read('tasks.get', t.id)))).toBe(JSON.stringify(expected));
    }
  });
});
