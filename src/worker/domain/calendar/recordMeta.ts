import { tick, type VectorClock } from '../clock/vectorClock';

/**
 * What every record of the calendar, reminders, bookmarks, templates, saved filters and home
 * pages carries, so the sync engine can treat them alike: a stable id, the record clock (one
 * tick of this install's device on every local write; whole-record last-writer-wins by the
 * sync spec's tick sum) and ISO 8601 timestamps. Rows are flat JSON: no Blobs, no Dates.
 */
export interface RecordMeta {
  id: string;
  clock: VectorClock;
  createdAt: string;
  modifiedAt: string;
}

export interface StampDeps {
  deviceId: string;
  /** epoch ms */
  now: () => number;
}

/** The meta of a new record. */
export function newMeta(deps: StampDeps, id: string): RecordMeta {
  const at = new Date(deps.now()).toISOString();
  return { id, clock: tick({}, deps.deviceId), createdAt: at, modifiedAt: at };
}

/** `prev` with `patch` applied, its clock ticked and `modifiedAt` now: every local edit goes through here. */
export function edited<R extends RecordMeta>(
  deps: StampDeps,
  prev: R,
  patch: Partial<Omit<R, keyof RecordMeta>>,
): R {
  return {
    ...prev,
    ...patch,
    clock: tick(prev.clock, deps.deviceId),
    modifiedAt: new Date(deps.now()).toISOString(),
  };
}
