import type { Table } from 'dexie';
import type { Change } from '../../changes/changeFeed';
import type { ChangeSet } from '../../domain/tasks/changeSet';
import type { Result as DomainResult } from '../../domain/tasks/errors';
import type { TaskContext, TaskDeps } from '../../domain/tasks/ports';
import { ensureInbox } from '../../domain/tasks/projects/ensureInbox';
import { localToday } from '../../domain/tasks/views/dueViews';
import type { TaskQueryPort } from '../../domain/tasks/views/queryPort';
import type { Result } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { must, writeTx } from '../writeTx';
import { applyChangeSet, taskTables } from './applyChangeSet';
import { dexieTaskQuery } from './dexieTaskQuery';
import { dexieTaskRead } from './dexieTaskRead';

export type TaskEdit = (ctx: TaskContext) => Promise<DomainResult<ChangeSet>>;

/**
 * The tasks slice of the vault worker: runs the pure edits of `domain/tasks` against Dexie. Each
 * edit reads and writes in ONE transaction (the clocks the domain ticked under this install's
 * device id are in the rows it writes); a refusal writes nothing. The Inbox project is created on
 * first use, so it always exists before any task is read or written.
 */
export function createTaskStore(services: VaultServices, timeZone: string) {
  const { db } = services;
  const deps: TaskDeps = { newId: services.newId, now: services.now, deviceId: services.deviceId, timeZone };
  const ctx: TaskContext = { deps, read: dexieTaskRead(db) };
  const query: TaskQueryPort = dexieTaskQuery(db);

  async function run(edit: TaskEdit): Promise<Result<ChangeSet>> {
    return writeTx(services, taskTables(db), async (changes) => {
      const set = must(await edit(ctx));
      changes.push(...(await applyChangeSet(db, set)));
      return set;
    });
  }

  let inbox: Promise<unknown> | null = null;
  /** Resolves once the Inbox project exists (created on the first call of a new vault). */
  const ready = () => {
    inbox ??= run(async (c) => ({ ok: true, value: await ensureInbox(c) }));
    return inbox;
  };

  return {
    ctx,
    query,
    ready,
    today: () => localToday(services.now(), timeZone),
    /** Runs one edit in its own transaction (after the Inbox exists). */
    async edit(edit: TaskEdit): Promise<Result<ChangeSet>> {
      await ready();
      return run(edit);
    },
    /** The tables a caller's own transaction must include to use `editInside`. */
    tables: () => taskTables(db),
    /**
     * Runs one edit inside the caller's open rw transaction (a capture filed as a task: both
     * writes commit or neither); a refusal throws PlanningFailure and rolls the whole thing back.
     * Call `ready()` before opening that transaction.
     */
    async editInside(edit: TaskEdit, changes: Change[]): Promise<ChangeSet> {
      const set = must(await edit(ctx));
      changes.push(...(await applyChangeSet(db, set)));
      return set;
    },
    /** Runs a read in one read-only snapshot of the task tables (and `also`, e.g. notes for links). */
    async view<T>(read: () => Promise<T>, also: readonly Table[] = []): Promise<T> {
      await ready();
      return db.transaction('r', [...taskTables(db), ...also], async () => await read());
    },
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;
