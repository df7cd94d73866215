import { describe, expect, it } from 'vitest';
import {
  BINDING,
  BINDING_HOLD,
  bindForAccount,
  chooseBinding,
  type LocalFacts,
} from '../../../src/sync/engine/binding/bindingFlow';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { StatePort } from '../../../src/sync/engine/ports';
import { MANIFEST_CHECKED_AT } from '../../../src/sync/engine/pull/manifestCheck';
import { keyFoundStale, REFUSED_PAGE } from '../../../src/sync/engine/pull/refusedPage';

function memoryState(initial: Record<string, unknown> = {}): StatePort & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async <T>(key: string) => data.get(key) as T | undefined,
    set: async (key, value) => {
      data.set(key, value);
    },
  };
}

const facts = (content: boolean, foreign = false): LocalFacts => ({
  hasLocalContent: async () => content,
  foreignClocks: async () => foreign,
});

const offline: SyncCall = (async () => ({
  ok: false,
  error: { code: 'NETWORK_OFFLINE', message: 'offline', status: 0 },
})) as SyncCall;
const listing = (ids: string[]): SyncCall =>
  (async () => ({ ok: true, value: { vaults: ids.map((vaultId) => ({ vaultId })) } })) as unknown as SyncCall;

describe('bindForAccount / chooseBinding', () => {
  it('holds as unknown (retry in 60 s) when the vault list cannot be read, binding nothing', async () => {
    const state = memoryState();
    const d = await bindForAccount({ state, call: offline, facts: facts(true) }, 'u1');
    expect(d).toEqual({ kind: 'unknown', retryAfterMs: 60_000 });
    expect(state.data.get(BINDING_HOLD)).toBe('unknown');
    expect(state.data.has(BINDING)).toBe(false);
  });

  it('binds an empty vault even offline, and drops an earlier pull cursor', async () => {
    const state = memoryState({
      LAST_CURSOR: 812,
      // a previous session's held page (its key mismatch would hold every push) and manifest throttle
      [REFUSED_PAGE]: { cursor: 812, since: 1, attempts: 2, reason: 'vault_key_mismatch' },
      [MANIFEST_CHECKED_AT]: 1_700_000_000_000,
    });
    const d = await bindForAccount({ state, call: offline, facts: facts(false) }, 'u1');
    expect(d).toEqual({ kind: 'start', bind: true });
    expect(state.data.get(BINDING)).toEqual({ userId: 'u1', mode: 'sync' });
    expect(state.data.get('LAST_CURSOR')).toBe(0);
    expect(await keyFoundStale(state)).toBe(false);
    expect(state.data.get(MANIFEST_CHECKED_AT)).toBeUndefined();
    expect(state.data.get(BINDING_HOLD)).toBeNull();
  });

  it('allows only the choices of the spec table, and a refused choice changes nothing', async () => {
    const state = memoryState();
    await bindForAccount({ state, call: listing(['other']), facts: facts(true) }, 'u1');
    expect(state.data.get(BINDING_HOLD)).toBe('needs_decision');
    const refused = await chooseBinding(state, 'u1', 'merge', false);
    expect(refused.ok).toBe(false);
    expect(state.data.get(BINDING_HOLD)).toBe('needs_decision');
    expect((await chooseBinding(state, 'u1', 'local', true)).ok).toBe(true);
    expect(state.data.get(BINDING)).toEqual({ userId: 'u1', mode: 'local' });
    // from local-only: sync is allowed, merge and local are not
    expect((await chooseBinding(state, 'u1', 'merge', true)).ok).toBe(false);
    expect((await chooseBinding(state, 'u1', 'local', true)).ok).toBe(false);
    expect((await chooseBinding(state, 'u1', 'sync', true)).ok).toBe(true);
    expect(state.data.get(BINDING)).toEqual({ userId: 'u1', mode: 'sync' });
  });

  it('holds a vault bound to another account as foreign', async () => {
    const state = memoryState({ [BINDING]: { userId: 'someone-else', mode: 'sync' } });
    const d = await bindForAccount({ state, call: listing([]), facts: facts(false) }, 'u1');
    expect(d.kind).toBe('foreign');
    expect((await chooseBinding(state, 'u1', 'sync', true)).ok).toBe(false);
  });
});
