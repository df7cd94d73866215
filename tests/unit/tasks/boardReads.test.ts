import type { DBCore, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { getBoard } from '../../../src/worker/domain/tasks/views/projectViews';
import { dexieTaskQuery } from '../../../src/worker/planning/tasks/dexieTaskQuery';
import { toTaskRow } from '../../../src/worker/planning/tasks/taskRows';
import { status, task } from './conformance/taskPortSuites';

/** What the task table was asked for: the indexes cursors walked, rows handed back by queries, counts. */
interface Reads {
  cursors: string[];
  rows: number;
  counts: number;
}

function recorder(reads: Reads): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'test-read-recorder',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'tasks') return table;
        return {
          ...table,
          openCursor(req) {
            reads.cursors.push(req.query.index.name ?? 'id');
            return table.openCursor(req);
          },
          query(req) {
            return table.query(req).then((res) => {
              reads.rows += res.result.length;
              return res;
            });
          },
          count(req) {
            reads.counts += 1;
            return table.count(req);
          },
        };
      },
    }),
  };
}

const DONE = '2026-11-20T00:00:00.000Z';

/**
 * One project of 600 top-level tasks: 300 open and 100 completed in "To do" (a completed task may
 * keep an open status, e.g. after a merge), 100 archived there, 100 subtasks; none in "Done".
 */
async function bigProject(reads: Reads) {
  const db = openVaultDb('board-reads', new IDBFactory(), IDBKeyRange);
  db.use(recorder(reads));
  await db.open();
  const rows = [];
  for (let i = 0; i < 600; i++) {
    const kind = i % 6;
    rows.push(
      task(`t${String(i).padStart(3, '0')}`, {
        position: i * 1024,
        ...(kind === 3 ? { completedAt: DONE } : {}),
        ...(kind === 4 ? { archivedAt: DONE } : {}),
        ...(kind === 5 ? { parentId: 't000' } : {}),
      }),
    );
  }
  await db.tasks.bulkPut(rows.map(toTaskRow));
  return db;
}

/** The board's columns as [status, cards loaded, total, hidden], its first column's card ids. */
async function board(db: VaultDb, reads: Reads, includeCompleted: boolean) {
  const statuses = [status('s-todo', 'p1'), status('s-done', 'p1', true)];
  Object.assign(reads, { cursors: [], rows: 0, counts: 0 });
  const columns = await getBoard(dexieTaskQuery(db), 'p1', statuses, 10, includeCompleted);
  return {
    columns: columns.map((c) => [c.status.id, c.tasks.length, c.total, c.hiddenCompleted]),
    first: columns[0]!.tasks.map((c) => Number(c.task.id.slice(1))),
  };
}

describe('board reads (schema v21 column index)', () => {
  it('a board of 600 tasks reads its first cards and counts by index: no cursor, no row it does not show', async () => {
    const reads: Reads = { cursors: [], rows: 0, counts: 0 };
    const db = await bigProject(reads);
    const hidden = await board(db, reads, false);
    expect(hidden.columns).toEqual([
      ['s-todo', 10, 300, 100],
      ['s-done', 0, 0, 0],
    ]);
    expect(hidden.first).toEqual([0, 1, 2, 6, 7, 8, 12, 13, 14, 18]);
    // Before v21 each column counted with a filtered cursor over every task of its status. The
    // one cursor left is the subtask counts' multi-key jump over parentId (subtasks only).
    expect(reads.cursors).toEqual(['parentId']);
    expect(reads.rows).toBeLessThanOrEqual(10);

    const shown = await board(db, reads, true);
    expect(shown.columns).toEqual([
      ['s-todo', 10, 400, 0],
      ['s-done', 0, 0, 0],
    ]);
    expect(shown.first).toEqual([0, 1, 2, 3, 6, 7, 8, 9, 12, 13]);
    expect(reads.cursors).toEqual(['parentId']);
    // open and completed are two ranges of at most 10 rows each
    expect(reads.rows).toBeLessThanOrEqual(20);
    db.close();
  });
});
