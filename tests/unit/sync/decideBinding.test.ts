import { describe, expect, it } from 'vitest';
import { type BindingFacts, decideBinding } from '../../../src/sync/engine/binding/decideBinding';

const base: BindingFacts = {
  binding: null,
  userId: 'u1',
  hasLocalContent: true,
  accountVaults: [],
  vaultUuid: 'v1',
  foreignClocks: false,
};

describe('vault account binding, spec 3.5 decision order', () => {
  it('1. bound to this account: starts (local mode holds as local-only)', () => {
    expect(decideBinding({ ...base, binding: { userId: 'u1', mode: 'sync' } })).toEqual({
      kind: 'start',
      bind: false,
    });
    expect(decideBinding({ ...base, binding: { userId: 'u1', mode: 'local' } })).toEqual({
      kind: 'local_only',
    });
  });
  it('2. bound to another account for sync: foreign, before anything else', () => {
    expect(
      decideBinding({ ...base, binding: { userId: 'u2', mode: 'sync' }, hasLocalContent: false }),
    ).toEqual({
      kind: 'foreign',
    });
  });
  it('3. no local content binds and starts even offline', () => {
    expect(decideBinding({ ...base, hasLocalContent: false, accountVaults: null })).toEqual({
      kind: 'start',
      bind: true,
    });
  });
  it('4. a failed vault listing holds as unknown, retried after 60 s', () => {
    expect(decideBinding({ ...base, accountVaults: null })).toEqual({
      kind: 'unknown',
      retryAfterMs: 60_000,
    });
  });
  it('5. the account already lists the vault: binds', () => {
    expect(decideBinding({ ...base, accountVaults: ['v1'], foreignClocks: true })).toEqual({
      kind: 'start',
      bind: true,
    });
  });
  it('6. clocks naming another device: foreign', () => {
    expect(decideBinding({ ...base, foreignClocks: true })).toEqual({ kind: 'foreign' });
  });
  it('7. otherwise the user is asked once; a local choice for another account does not block asking', () => {
    expect(decideBinding(base)).toEqual({ kind: 'needs_decision' });
    expect(decideBinding({ ...base, binding: { userId: 'u2', mode: 'local' } })).toEqual({
      kind: 'needs_decision',
    });
  });
});
