import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIX } from '../support/seededFaults';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { applyEdit, newLedger, type Op, opArb, stateOf } from './simOps';
import { openWorld } from './simWorld';

/**
 * The sync engine's main test (STYLE.md 9; issue 18 part 1): a seeded simulation of 3 to 6
 * devices against the real local service. Each case is a fresh world (simWorld.ts: a new account,
 * new vaults, new fault proxies), so a failing case replays alone. fast-check draws the devices,
 * a fault seed and a sequence of edits (simOps.ts), syncs, partitions and crashes mid-sync; the
 * fault seed draws what the network does to each request (seededFaults.ts: drops, answers lost
 * after the service committed, duplicates, reorderings, delays, 5xx, empty 503s, 429s with
 * Retry-After, bodies cut mid-transfer) and to each socket frame (delivered, late or dropped).
 * Then the network calms, every device syncs until quiet, and we check:
 * - convergence: every device holds the same notes (title, body), tasks (title, priority,
 *   project), projects, journal entries, canvases and tag definitions;
 * - nothing is lost: every item a device created (its write returned) and nobody deleted exists
 *   everywhere, and every text typed into a live note is in its body everywhere;
 * - nothing resurrects: every item deleted stays deleted everywhere;
 * - "Synced" is never said while anything is queued;
 * - cursors: a device's cursor never goes back (restarts included), and at the end all agree.
 * A fresh seed every run (printed, with its replay command); SIM_SEED replays one, SIM_RUNS sets
 * the number of cases (`npm run soak`: 1,000), shrinking is on.
 */
const FILE = 'tests/unit/sync-property/convergence.integration.test.ts';
const RUNS = Number(process.env.SIM_RUNS ?? 20);
const SEED = Number(process.env.SIM_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MAX_DEVICES = Number(process.env.SIM_MAX_DEVICES ?? 4);
/** a case's ceiling; most take 2-5 s */
const CASE_MS = 60_000;

const drawn = fc.record({
  devices: fc.integer({ min: 3, max: Math.max(3, Math.min(6, MAX_DEVICES)) }),
  faultSeed: fc.nat(),
  ops: fc.array(opArb(6), { minLength: 8, maxLength: 24 }),
});

/** SIM_CASE: one case as fast-check printed it (its JSON), run alone */
const caseArb = process.env.SIM_CASE ? fc.constant(JSON.parse(process.env.SIM_CASE) as Case) : drawn;

let service: SharedSyncService;
beforeAll(async () => {
  service = await sharedSyncService();
  runStarted = Date.now();
  console.log(
    `convergence simulation${LANES > 1 ? `, lane ${LANE + 1} of ${LANES}` : ''}: seed ${lane.seed}, ${lane.runs} cases. Replay: ${replayOf(lane)}`,
  );
}, 120_000);

const totals = new Map<string, number>();
/** cases that passed so far, and when the run began (the soak's progress lines) */
let passed = 0;
let runStarted = Date.now();
/** a long run (the soak) prints its progress every PROGRESS cases, so a cut-off run still has a figure */
const PROGRESS = 50;
const mixOf = () => [...totals].map(([k, v]) => `${k} ${v}`).join(', ');
/** where the cases' wall time went (ms), the test process's CPU time in it, settle rounds and waits */
const spent = {
  setup: 0,
  ops: 0,
  settle: 0,
  check: 0,
  close: 0,
  rounds: 0,
  heldWaits: 0,
  /** of the devices' engines alive at a case's end (SIM_PROFILE) */
  requests: 0,
  awaitingService: 0,
  serverTotal: 0,
};
const spentOf = () => {
  const wall = spent.setup + spent.ops + spent.settle + spent.check + spent.close;
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return `time summed over cases ${s(wall)} s: setup ${s(spent.setup)} s, ops ${s(spent.ops)} s, settle ${s(spent.settle)} s (${spent.rounds} rounds, ${spent.heldWaits} waits for a 429's hold), checks ${s(spent.check)} s, close ${s(spent.close)} s`;
};
/** the service's Server-Timing totals and request counts by route (SIM_PROFILE prints them) */
const byRoute = new Map<string, number>();
/** the ops' time by kind (ms, SIM_PROFILE prints it) */
const byOp = new Map<string, number>();
/** the test process's CPU since `from` (the rest of its wall time it waited: service, timers, holds) */
const cpuOf = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return `this process's CPU ${((used.user + used.system) / 1e6).toFixed(1)} s`;
};

async function quiet(world: Awaited<ReturnType<typeof openWorld>>): Promise<boolean> {
  const queued = await Promise.all(world.devices.map((d) => d.current.db.syncQueue.count()));
  const cursors = await Promise.all(world.devices.map((_, i) => world.cursorOf(i)));
  return queued.every((q) => q === 0) && new Set(cursors).size === 1;
}

/** cases of this run that failed (the first is the find; the later ones are fast-check shrinking it) */
let failures = 0;

/**
 * A case, and for the soak its failure reported at once (fast-check prints the shrunk
 * counterexample only when shrinking ends, and a stopped soak would never show it): the case as
 * JSON, which `SIM_CASE` replays alone, and what failed.
 */
async function runCase(c: Case) {
  try {
    await runCaseOnce(c);
  } catch (err) {
    failures++;
    if (process.env.SIM_REPORT === 'json')
      console.log(
        `SIM_FAIL ${JSON.stringify({ lane: LANE, seed: lane.seed, first: failures === 1, case: c, error: String(err).slice(0, 2000) })}`,
      );
    throw err;
  }
}

/** the longest a case's settle waits for 429 holds: one `sync_changes` window and some */
const HELD_WAIT_MS = 75_000;

type Case = typeof drawn extends fc.Arbitrary<infer T> ? T : never;

async function runCaseOnce({ devices: n, faultSeed, ops }: Case) {
  let mark = performance.now();
  const lap = (phase: 'setup' | 'ops' | 'settle' | 'check' | 'close') => {
    const now = performance.now();
    spent[phase] += now - mark;
    mark = now;
  };
  const world = await openWorld(service.url, n, faultSeed, DEFAULT_MIX);
  lap('setup');
  try {
    const ledger = newLedger();
    const offlineUntil: number[] = Array(n).fill(-1);
    for (const [step, raw] of ops.entries()) {
      const op = { ...raw, dev: raw.dev % n } as Op;
      const opStart = performance.now();
      for (const [i, until] of offlineUntil.entries()) {
        if (until >= 0 && until <= step) {
          world.devices[i]!.proxy.partition(false);
          offlineUntil[i] = -1;
        }
      }
      if (op.kind === 'sync') {
        await world.syncNow(op.dev);
        const d = world.devices[op.dev]!.current;
        // "Synced" with something queued would be a lie (the brief's standard)
        if ((await d.sync.state()).status.phase === 'synced') expect(await d.db.syncQueue.count()).toBe(0);
      } else if (op.kind === 'crash') await world.syncWithCrash(op.dev, op.atRequest, op.afterMs);
      else if (op.kind === 'partition') {
        world.devices[op.dev]!.proxy.partition(true);
        offlineUntil[op.dev] = step + op.steps;
      } else await applyEdit(op, step, world, ledger);
      byOp.set(op.kind, (byOp.get(op.kind) ?? 0) + performance.now() - opStart);
    }
    lap('ops');
    world.calm();
    for (const d of world.devices) d.proxy.partition(false);
    // until quiet: a round carries a change from any device to every later one, the next to the
    // earlier ones;
    // quiet is a round after which nothing is queued and every cursor agrees. A device under a
    // 429's hold sends nothing until it ends (rateHold.ts: "Sync now" waits too), so a round
    // that finds one waits for it and does not count: the proxy's Retry-After is 1 s, but the
    // service's own `sync_changes` bucket (60 a minute for the account, shared by every device of
    // the case) can hold all of them for up to a minute (the soak's lane 4 failed so: every device
    // held at the end of 10 rounds, 5 s of waits). The holds get at most HELD_WAIT_MS in all.
    const heldUntil = performance.now() + HELD_WAIT_MS;
    for (let round = 0; round < 10; round++) {
      spent.rounds++;
      for (let i = 0; i < n; i++) await world.syncNow(i);
      if (round > 0 && (await quiet(world))) break;
      const held = await Promise.all(
        world.devices.map(
          async (d) => (await d.current.sync.state()).status.error?.category === 'rate_limited',
        ),
      );
      if (held.some(Boolean) && performance.now() < heldUntil) {
        spent.heldWaits++;
        await new Promise((r) => setTimeout(r, 1000));
        round--;
      }
    }
    lap('settle');

    const states = [];
    for (const d of world.devices) states.push(await stateOf(d.current));
    const statuses = await Promise.all(
      world.devices.map(async (d) => `${d.name}: ${JSON.stringify((await d.current.sync.state()).status)}`),
    );
    for (const [i, s] of states.entries())
      expect(s, `device ${world.devices[i]!.name} differs from A; statuses ${statuses.join('; ')}`).toEqual(
        states[0],
      );
    const [first] = states;
    const live = new Set(
      [first!.notes, first!.tasks, first!.projects, first!.canvases].flatMap((rows) => rows.map((r) => r.id)),
    );
    for (const [kind, ids] of Object.entries(ledger.created))
      for (const id of ids) {
        if (ledger.deleted.has(id)) expect(live.has(id), `deleted ${kind} ${id} came back`).toBe(false);
        else expect(live.has(id), `${kind} ${id} was lost`).toBe(true);
      }
    const bodies = new Map(first!.notes.map((note) => [note.id, note.body]));
    for (const t of ledger.tokens)
      if (!ledger.deleted.has(t.note)) expect(bodies.get(t.note), `typed "${t.text}" lost`).toContain(t.text);

    for (const d of world.devices) {
      const seen = d.cursors;
      for (let k = 1; k < seen.length; k++)
        expect(seen[k]!, `device ${d.name}'s cursor went back`).toBeGreaterThanOrEqual(seen[k - 1]!);
    }
    const cursors = await Promise.all(world.devices.map((_, i) => world.cursorOf(i)));
    expect(new Set(cursors).size, `cursors at the end: ${cursors.join(', ')}`).toBe(1);
    lap('check');
    for (const d of world.devices) {
      spent.requests += d.current.requests.length;
      spent.awaitingService += d.current.net.ms;
      for (const [k, v] of d.current.net.server) {
        if (k.endsWith(' total')) spent.serverTotal += v;
        if (k.endsWith(' total') || k.endsWith(' #')) byRoute.set(k, (byRoute.get(k) ?? 0) + v);
      }
    }
    world.tally.set(
      'service 429s',
      world.devices.reduce((sum, d) => sum + d.proxy.log.filter((e) => e.status === 429).length, 0),
    );
    for (const [k, v] of world.tally) totals.set(k, (totals.get(k) ?? 0) + v);
    passed++;
    // the soak's lanes report each case to scripts/soak.mjs, which sums them
    if (process.env.SIM_REPORT === 'json')
      console.log(
        `SIM_CASE ${JSON.stringify({ lane: LANE, devices: n, faults: Object.fromEntries(world.tally) })}`,
      );
    if (RUNS > PROGRESS && passed % PROGRESS === 0)
      console.log(
        `convergence simulation: ${passed} cases passed in ${((Date.now() - runStarted) / 1000).toFixed(0)} s (seed ${lane.seed}); faults: ${mixOf()}; ${spentOf()}`,
      );
  } finally {
    await world.close();
    lap('close');
    if (process.env.SIM_PROFILE)
      console.log(
        `case ${passed}: ${n} devices, ${ops.length} ops; ${spentOf()}; requests ${spent.requests}, awaiting the proxy ${(spent.awaitingService / 1000).toFixed(1)} s, service's own time ${(spent.serverTotal / 1000).toFixed(1)} s; by op: ${[...byOp].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}`,
      );
  }
}

/**
 * SIM_LANE of SIM_LANES: this run is one lane of the soak (scripts/soak.mjs runs the lanes as
 * separate processes against one service, each with its own seed and its share of the cases, and
 * prints the command that replays a lane alone). Lane 0 runs SIM_SEED itself, so a one-lane run
 * is the run it always was.
 */
const LANES = Math.max(1, Number(process.env.SIM_LANES ?? 1));
const LANE = Math.min(LANES - 1, Math.max(0, Number(process.env.SIM_LANE ?? 0)));
const lane = {
  seed: LANE === 0 ? SEED : (SEED + LANE * 1_000_003) % 2 ** 31,
  runs: Math.floor(RUNS / LANES) + (LANE < RUNS % LANES ? 1 : 0),
};
const replayOf = ({ seed, runs }: { seed: number; runs: number }) =>
  `SIM_SEED=${seed} SIM_RUNS=${runs}${MAX_DEVICES === 4 ? '' : ` SIM_MAX_DEVICES=${MAX_DEVICES}`} npx vitest run --project unit ${FILE}`;

describe('convergence simulation against the real service', () => {
  it(
    'devices converge through faults, crashes and partitions, losing and resurrecting nothing',
    async () => {
      const started = Date.now();
      runStarted = started;
      const cpu = process.cpuUsage();
      await fc.assert(fc.asyncProperty(caseArb, runCase), {
        seed: lane.seed,
        numRuns: lane.runs,
        // a replayed case ends at its failure (it is already shrunk)
        ...(process.env.SIM_PATH ? { path: process.env.SIM_PATH, endOnFailure: true } : {}),
        // shrinking is on, bounded: a failure ends at most 3 minutes of shrinking past a normal run
        interruptAfterTimeLimit: lane.runs * 15_000 + 180_000,
        markInterruptAsFailure: true,
      });
      console.log(
        `convergence simulation: ${lane.runs} cases in ${((Date.now() - started) / 1000).toFixed(1)} s; faults: ${mixOf()}; ${spentOf()}; ${cpuOf(cpu)}`,
      );
      if (process.env.SIM_PROFILE)
        console.log(
          [...byRoute]
            .sort((a, b) => b[1] - a[1])
            .map(([k, v]) => `${k} ${v.toFixed(0)}`)
            .join('\n'),
        );
    },
    lane.runs * CASE_MS + 60_000,
  );
});
