import 'fake-indexeddb/auto';
import { type Change, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createRegistry, type Registry } from '../../../src/worker/ops/registry';
import type { Result } from '../../../src/worker/ops/result';
import { planningOperations } from '../../../src/worker/planning';
import { recordsOperations } from '../../../src/worker/planning/recordsOperations';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';
import type { VaultServices } from '../../../src/worker/vault/services';

let n = 0;

/**
 * A vault over fake-indexeddb with the records operations (and the planning ones, for tasks)
 * registered over the real notes store; a settable clock, deterministic ids, and the change
 * feed's batches in `seen`. Calls go through the registry as the UI's do.
 */
export async function openRecordsVault(deviceId = 'devA', timeZone = 'Europe/Berlin') {
  const db: VaultDb = openVaultDb(`records-test-${++n}-${Date.now()}`);
  await db.open();
  const feed = new ChangeFeed('v', null);
  const seen: Change[][] = [];
  feed.subscribe((b) => seen.push(b.changes));
  const clock = { ms: Date.parse('2026-11-21T10:00:00Z') };
  let id = 0;
  const services: VaultServices = {
    vaultId: 'v',
    db,
    feed,
    now: () => clock.ms,
    newId: () => `id${++id}`,
    deviceId,
  };
  const notes: NotesStore = createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
  const registry: Registry = createRegistry([
    ...planningOperations(services, timeZone),
    ...recordsOperations(services, notes, timeZone),
  ]);
  const ui = { caller: { kind: 'ui' } } as const;
  const read = (op: string, ...args: unknown[]) => registry.read(op, args, ui);
  const write = (op: string, ...args: unknown[]) =>
    registry.write(op, args, { ...ui, approve: async () => 'once' });
  return { db, services, notes, registry, seen, clock, read, write, close: () => db.delete() };
}

export type RecordsVault = Awaited<ReturnType<typeof openRecordsVault>>;

/** The value of a successful result; fails the test with the error otherwise. */
export function value<T = Record<string, unknown>>(res: Result<unknown>): T {
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res.error)}`);
  return res.value as T;
}

/** The error of a refused result; fails the test if it succeeded. */
export function refusal(res: Result<unknown>) {
  if (res.ok) throw new Error(`accepted: ${JSON.stringify(res.value)}`);
  return res.error;
}
