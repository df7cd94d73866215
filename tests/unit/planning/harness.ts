import 'fake-indexeddb/auto';
import { type Change, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createRegistry, type Registry } from '../../../src/worker/ops/registry';
import type { Result } from '../../../src/worker/ops/result';
import { planningOperations } from '../../../src/worker/planning';
import { itemTrashesOf } from '../../../src/worker/trash/itemTrashes';
import type { VaultServices } from '../../../src/worker/vault/services';

let n = 0;

/**
 * A vault over fake-indexeddb with the planning operations registered, a settable clock and
 * deterministic ids; `seen` collects the change-feed batches. Calls go through the registry as
 * the UI does (`ui` caller, approval answered 'once').
 */
export async function openTestVault(deviceId = 'devA', timeZone = 'Europe/Berlin') {
  const db: VaultDb = openVaultDb(`planning-test-${++n}-${Date.now()}`);
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
  const registry: Registry = createRegistry(planningOperations(services, timeZone));
  const ui = { caller: { kind: 'ui' } } as const;
  const read = (op: string, ...args: unknown[]) => registry.read(op, args, ui);
  const write = (op: string, ...args: unknown[]) =>
    registry.write(op, args, { ...ui, approve: async () => 'once' });
  // the Trash of tasks, projects, canvases and journal entries (delete forever: `items.x.purge`)
  const items = itemTrashesOf(services);
  return { db, services, registry, items, seen, clock, read, write, close: () => db.delete() };
}

/** The value of a successful result; fails the test with the error otherwise. */
export function value<T = Record<string, unknown>>(res: Result<unknown>): T {
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res.error)}`);
  return res.value as T;
}
