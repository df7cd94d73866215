import 'fake-indexeddb/auto';
import { expect } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createRegistry } from '../../../src/worker/ops/registry';
import type { Result } from '../../../src/worker/ops/result';
import { trashOperations } from '../../../src/worker/ops/trash/trashOperations';
import { planningOperations } from '../../../src/worker/planning';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';
import { readRecord } from '../../../src/worker/sync/recordPayloads';
import { itemTrashesOf } from '../../../src/worker/trash/itemTrashes';

/**
 * A device for the Trash's unit tests: a real vault database (fake-indexeddb) with its outbox,
 * the planning and trash operations called as an agent (approved), and `carry` to move one
 * record to another device the way a sync pull applies it.
 */
export const opened: VaultDb[] = [];

export const value = <T = Record<string, unknown>>(res: Result<unknown>): T => {
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res.error)}`);
  return res.value as T;
};

let n = 0;
export async function trashDevice(name: string) {
  const db = openVaultDb(`trash-${name}-${++n}-${Date.now()}`);
  const clock = { ms: Date.UTC(2026, 10, 1) };
  db.use(outboxMiddleware({ deviceId: name, now: () => clock.ms }));
  await db.open();
  opened.push(db);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => ++clock.ms,
    newId: () => `${name}${++id}`,
    deviceId: name,
  };
  const notes = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
  const items = itemTrashesOf(services);
  const registry = createRegistry([
    ...planningOperations(services, 'UTC'),
    ...trashOperations(notes.trash, items),
  ]);
  const agent = { caller: { kind: 'agent', surface: 'mcp' } } as const;
  return {
    db,
    clock,
    items,
    notes,
    read: (op: string, ...args: unknown[]) => registry.read(op, args, agent),
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...agent, approve: async () => 'once' }),
  };
}
export type TrashDevice = Awaited<ReturnType<typeof trashDevice>>;

export const trashList = async (d: TrashDevice) =>
  value<{ kind: string; id: string; title: string; count?: number; project?: string }[]>(
    await d.read('trash.list'),
  );

/** Moves the record `type`/`id` of `from` to `to` as a pull applies it; answers what was pushed. */
export async function carry(from: TrashDevice, to: TrashDevice, type: string, id: string) {
  const rec = await readRecord(from.db, type, id);
  if (!rec) throw new Error(`nothing to push for ${type} ${id}`);
  expect(rec.invalid).toBeUndefined();
  await applyRecords(to.db, [{ type, id, ...rec }], () => Date.now(), 'x', 'keep');
  return rec;
}
