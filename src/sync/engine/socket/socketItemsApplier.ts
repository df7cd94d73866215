import type { VaultKeyring } from '../../crypto';
import type { PullItem } from '../../protocol/pull';
import type { ItemKey, RecordPort, StatePort } from '../ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../pull/cursorRepair';
import type { KeyDirectory } from '../pull/keyDirectory';
import { openPullItem } from '../pull/openPullItem';
import type { BusyGate } from './busyGate';

/** Items of one frame applied at most (spec 8.2); the rest arrive by the wake pull. */
export const SOCKET_ITEMS_PER_FRAME = 50;
/** How long a frame waits for no push in flight and no open pull transaction (spec 8.3). */
export const SOCKET_APPLIER_WAIT_MS = 5_000;
/** Frames waiting their turn at most; a later one is dropped (its wake pull still runs). */
export const SOCKET_FRAMES_QUEUED = 20;

export interface ItemsFrame {
  cursor: number;
  items: readonly PullItem[];
  /** the service's commit time of the push (e2e_latency telemetry); absent from older services */
  committedAtMs?: number | undefined;
}

export interface ApplierDeps {
  keyring: VaultKeyring;
  records: Pick<RecordPort, 'apply'>;
  state: StatePort;
  /** record types this build syncs: an item of another type is not applied */
  types: readonly string[];
  gate: Pick<BusyGate, 'whenIdle'>;
  /** the signing-key directory of the current socket connection */
  keys: () => KeyDirectory;
  /** paused (stopped, a rate-limit hold), offline, or a pull from cursor 0 running */
  halted: () => boolean;
  /** the highest `nextCursor` a pull has read (ownedThrough.ts) */
  ownedThrough: () => number;
  /** rows whose stored state changed (ITEM_SYNCED, spec 6.2) */
  onApplied: (changed: ItemKey[]) => void;
  /** after a frame's transaction committed, with the rows it changed (telemetry, spec 6.2) */
  onFrameApplied?: ((frame: ItemsFrame, changed: ItemKey[]) => void) | undefined;
  /** a frame dropped for the wait; called once per applier (session) */
  log: (message: string) => void;
}

/**
 * The next pull reads the feed from cursor 0: no cursor yet (a first sync), or the cursor repair's
 * re-read (spec 3.8) not finished. Frames wait for that full sync to end.
 */
export async function fullSyncAhead(state: StatePort): Promise<boolean> {
  const last = (await state.get<number>(LAST_CURSOR)) ?? 0;
  return last === 0 || (await state.get<string>(CURSOR_SKIP_REPAIR)) !== 'done';
}

/**
 * Applies the items of `changes_available` frames directly (spec 2.5, 6.1 socket items rules),
 * one frame at a time in arrival order. Items are advisory: the wake pull the same frame
 * scheduled still owns `LAST_CURSOR`, the quarantine and the schema-invalid ledger, so nothing
 * here writes them, and every failure just drops (an item, or the whole frame): the pull brings
 * it. An item goes through exactly the pull's path: signature against the key directory, signed
 * hash, envelope, then `records.apply` (the type's schema and merge, one transaction marked
 * pulled, orphans held: a child whose parent is absent is not stored). A note or journal entry
 * stored from a frame thus adopts the empty body baseline as a pulled one does, and its body
 * arrives with the feed's body entries, which the cursor (never moved here) still has ahead.
 */
export function createSocketItemsApplier(deps: ApplierDeps) {
  const queue: ItemsFrame[] = [];
  let pumping: Promise<void> | null = null;
  let stopped = false;
  let logged = false;

  /** not paused/offline/in a full sync, and the frame is past what any pull read or owns */
  async function admissible(cursor: number): Promise<boolean> {
    if (stopped || deps.halted() || (await fullSyncAhead(deps.state))) return false;
    const last = (await deps.state.get<number>(LAST_CURSOR)) ?? 0;
    return cursor > Math.max(last, deps.ownedThrough());
  }

  async function open(items: readonly PullItem[]) {
    const keys = deps.keys();
    const ready = [];
    for (const item of items.slice(0, SOCKET_ITEMS_PER_FRAME)) {
      try {
        if (!deps.types.includes(item.type)) continue;
        const opened = await openPullItem(deps.keyring, keys, item);
        if (opened.kind === 'ok') ready.push(opened.record);
      } catch {
        // a malformed item (the frame is not validated field by field): the pull brings it
      }
    }
    return ready;
  }

  async function handle(frame: ItemsFrame): Promise<void> {
    if (!(await admissible(frame.cursor))) return;
    // opened before the wait: verification touches no local state, only the key directory
    const ready = await open(frame.items);
    if (ready.length === 0) return;
    if (!(await deps.gate.whenIdle(SOCKET_APPLIER_WAIT_MS))) {
      if (!stopped && !logged) {
        logged = true;
        deps.log(`socket items dropped: the engine stayed busy for ${SOCKET_APPLIER_WAIT_MS} ms`);
      }
      return;
    }
    // a pull may have read past this frame while it waited: that pull applies its items
    if (!(await admissible(frame.cursor))) return;
    const applied = await deps.records.apply(ready, 'hold');
    deps.onFrameApplied?.(frame, applied.changed);
    if (applied.changed.length > 0) deps.onApplied(applied.changed);
  }

  async function pump(): Promise<void> {
    for (let frame = queue.shift(); frame; frame = queue.shift()) {
      try {
        await handle(frame);
      } catch {
        // a failed transaction (the vault closing, say) drops the frame: the pull brings it
      }
    }
    pumping = null;
  }

  return {
    /**
     * Queues a frame's items; frames are handled one at a time, in the order they arrived. The
     * answer resolves once this frame (and every one before it) was applied or dropped.
     */
    accept(frame: ItemsFrame): Promise<void> {
      if (!stopped && frame.items.length > 0 && queue.length < SOCKET_FRAMES_QUEUED) {
        queue.push(frame);
        pumping ??= pump();
      }
      return pumping ?? Promise.resolve();
    },
    /** drops what is queued; a frame being applied finishes its transaction or drops */
    stop(): void {
      stopped = true;
      queue.length = 0;
    },
  };
}

export type SocketItemsApplier = ReturnType<typeof createSocketItemsApplier>;
