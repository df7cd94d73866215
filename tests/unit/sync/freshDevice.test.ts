import { describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateVaultKey } from '../../../src/sync/crypto';
import { bindForAccount } from '../../../src/sync/engine/binding/bindingFlow';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { isFreshDevice, PULL_DELIVERED } from '../../../src/sync/engine/pull/freshDevice';
import { pullChanges } from '../../../src/sync/engine/pull/pullChanges';
import { memoryState, pullDepsOver } from './syncFakes';

/** The "fresh device" rule of the pack bootstrap and the bootstrap session (docs/packs.md). */
describe('fresh device', () => {
  const fresh = (entries: [string, unknown][]) => isFreshDevice(memoryState(new Map(entries)));

  it('is fresh with no cursor, or the 0 binding writes, until a pull of the binding delivered', async () => {
    expect(await fresh([])).toBe(true);
    expect(await fresh([[LAST_CURSOR, 0]])).toBe(true);
    expect(
      await fresh([
        [LAST_CURSOR, 0],
        [PULL_DELIVERED, true],
      ]),
    ).toBe(false);
    expect(await fresh([[LAST_CURSOR, 42]])).toBe(false);
  });

  it('is not fresh while a cursor repair set the cursor back to 0', async () => {
    expect(
      await fresh([
        [LAST_CURSOR, 0],
        [CURSOR_SKIP_REPAIR, 'pending:42'],
      ]),
    ).toBe(false);
    expect(
      await fresh([
        [LAST_CURSOR, 0],
        [CURSOR_SKIP_REPAIR, 'done'],
      ]),
    ).toBe(true);
  });

  it('a pull that read the feed to its end marks it delivered, even an empty feed left at 0', async () => {
    const state = new Map<string, unknown>([[LAST_CURSOR, 0]]);
    const call = (async () => ({
      ok: true,
      value: { refs: [], nextCursor: 0, serverTimeMs: 0 },
    })) as SyncCall;
    const keyring = deriveVaultKeyring(generateVaultKey(), '7f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a5b');
    const res = await pullChanges(pullDepsOver(call, keyring, state, { types: ['note'] }));
    expect(res.kind).toBe('done');
    expect(state.get(LAST_CURSOR)).toBe(0);
    expect(await isFreshDevice(memoryState(state))).toBe(false);
  });

  it('a pull that stopped before the end leaves the device fresh', async () => {
    const state = new Map<string, unknown>();
    const call = (async () => ({
      ok: false,
      error: { code: 'RATE_LIMITED', message: 'x', status: 429 },
    })) as SyncCall;
    const keyring = deriveVaultKeyring(generateVaultKey(), '7f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a5b');
    const res = await pullChanges(pullDepsOver(call, keyring, state, { types: ['note'] }));
    expect(res.kind).toBe('stopped');
    expect(await isFreshDevice(memoryState(state))).toBe(true);
  });

  it('binding to an account makes the device fresh again', async () => {
    const state = new Map<string, unknown>([
      [LAST_CURSOR, 900],
      [PULL_DELIVERED, true],
    ]);
    const call = (async () => ({ ok: true, value: { vaults: [] } })) as SyncCall;
    const facts = { hasLocalContent: async () => false, foreignClocks: async () => false };
    const decision = await bindForAccount({ state: memoryState(state), call, facts }, 'user-1');
    expect(decision.kind).toBe('start');
    expect(await isFreshDevice(memoryState(state))).toBe(true);
  });
});
