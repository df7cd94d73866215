import type { VaultKeyring } from '../../crypto';
import type { SyncCall } from '../http/syncHttp';
import type { ItemKey, RecordPort, StatePort } from '../ports';
import { createKeyDirectory } from '../pull/keyDirectory';
import type { Timers } from '../syncEngine';
import { createBusyGate } from './busyGate';
import { observeChangesPages } from './ownedThrough';
import {
  createSocketItemsApplier,
  fullSyncAhead,
  type ItemsFrame,
  type SocketItemsApplier,
} from './socketItemsApplier';
import { createTickSkip } from './tickSkip';

export interface SocketLinkDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  records: RecordPort;
  state: StatePort;
  types: readonly string[];
  now: () => number;
  timers: Timers;
  /** paused (stopped, a rate-limit hold) or offline */
  halted: () => boolean;
  onApplied: (changed: ItemKey[]) => void;
  /** a frame's items were applied (telemetry) */
  onFrameApplied?: ((frame: ItemsFrame, changed: ItemKey[]) => void) | undefined;
}

/**
 * What the engine shares with its socket (spec 4.3.1, 6.1): the items applier, the busy gate its
 * frames wait on, the owned-through mark read off the pull's changes pages, and the tick skip.
 * The engine brackets its pushes with `busy` and pulls through `pullCall`/`pullRecords`.
 */
export function createSocketLink(deps: SocketLinkDeps) {
  const gate = createBusyGate(deps.timers);
  const tick = createTickSkip(deps.now);
  let fullSync = false;
  // The owned-through mark (spec 6.1 rule 3). The spec keeps it until `LAST_CURSOR` reaches it;
  // frames compare with the larger of the two, so keeping the highest page ever read is the same.
  let owned = -1;
  let keys = createKeyDirectory(deps.call);
  let applier: SocketItemsApplier | null = null;

  return {
    /** a push in flight: socket frames wait for it (at most 5 s) */
    busy: gate.during,
    /** wraps the pull's call (once): its changes pages move the owned-through mark */
    pullCall(call: SyncCall): SyncCall {
      return observeChangesPages(call, (next) => {
        owned = Math.max(owned, next);
      });
    },
    /** the pull's record port: each slice's transaction holds frames back while it is open */
    pullRecords(records: RecordPort): RecordPort {
      return { ...records, apply: (items, orphans) => gate.during(() => records.apply(items, orphans)) };
    },
    /** around the pull: a pull that reads the feed from 0 is a full sync, and frames skip */
    async pulling<T>(pull: () => Promise<T>): Promise<T> {
      fullSync = await fullSyncAhead(deps.state);
      try {
        return await pull();
      } finally {
        fullSync = false;
      }
    },
    cycleStarted: tick.pulled,
    tickSkips: tick.skip,
    /**
     * Whether a local edit's cycle may push without pulling: a pull completed (`pulledThrough`
     * >= 0) and the socket has been connected since it began, so every commit by another device
     * since then was announced to this one by a frame, and each frame schedules a pull (spec 6.1).
     */
    pushOnlyAllowed(pulledThrough: number): boolean {
      return pulledThrough >= 0 && tick.live();
    },
    connection(generation: number | null): void {
      tick.connection(generation);
      // keys are read afresh per connection: a device that re-registered is seen after a reconnect
      if (generation !== null) keys = createKeyDirectory(deps.call);
    },
    items(frame: ItemsFrame): Promise<void> {
      return applier?.accept(frame) ?? Promise.resolve();
    },
    start(): void {
      applier = createSocketItemsApplier({
        ...deps,
        gate,
        keys: () => keys,
        halted: () => deps.halted() || fullSync,
        ownedThrough: () => owned,
        log: (message) => console.warn(message),
      });
    },
    stop(): void {
      applier?.stop();
      applier = null;
      gate.release();
    },
  };
}

export type SocketLink = ReturnType<typeof createSocketLink>;
