import type { SyncCall } from '../http/syncHttp';
import type { ItemKey, QueuedRecord, RecordPort } from '../ports';
import { observePull } from './pullObserver';
import { createRunTelemetry, type RunTelemetry } from './runTelemetry';
import { type AppliedFrame, createSocketTelemetry } from './socketTelemetry';
import type { SyncTelemetry } from './syncTelemetry';

export interface EngineTelemetryDeps {
  /** absent: nothing is measured (the wrappers pass calls through untouched) */
  telemetry?: SyncTelemetry | undefined;
  now: () => number;
  /** this device's id: items it signed are its own echoes, never an e2e latency */
  deviceId: string;
}

/**
 * The engine's side of `sync_run_completed` (spec 6.2). `begin` opens a run at the start of a
 * cycle (one cycle at a time, so one run at a time) and answers what the cycle threads through
 * its push and pull; `end` turns the run into events and hands them to the port.
 */
export function createEngineTelemetry(deps: EngineTelemetryDeps) {
  let run: RunTelemetry | null = null;
  /** the offset of the last run that read a changes page (the socket source uses it) */
  let offset: number | null = null;
  const sink = deps.telemetry;
  const socket = sink ? createSocketTelemetry({ ...deps, sink, offset: () => offset }) : null;

  return {
    begin() {
      const sink = deps.telemetry;
      if (!sink) {
        run = null;
        return {
          pullCall: (call: SyncCall) => call,
          pullRecords: (records: RecordPort) => records,
          pushAccepted: undefined,
        };
      }
      const current = createRunTelemetry(deps.now);
      run = current;
      const pull = observePull(current, deps);
      return {
        pullCall: pull.call,
        pullRecords: pull.records,
        pushAccepted: (rows: readonly QueuedRecord[], maxCursor: number | null) =>
          current.pushAccepted(rows, maxCursor),
      };
    },
    /** the run ended (done, failed or stopped): its events go to the port */
    end(): void {
      if (!run || !deps.telemetry) return;
      const finished = run.finish();
      run = null;
      if (finished.offset !== null) offset = finished.offset;
      for (const event of finished.events) deps.telemetry.record(event);
    },
    /** the socket applier applied a frame: its e2e_latency, at once (spec 6.2 socket source) */
    socketFrame(frame: AppliedFrame, changed: readonly ItemKey[]): void {
      socket?.frameApplied(frame, changed);
    },
  };
}

export type EngineTelemetry = ReturnType<typeof createEngineTelemetry>;
