import { describe, expect, it } from 'vitest';
import { phaseOf, type SyncStatus } from '../../../../src/sync/engine/syncStatus';
import {
  accountErrorText,
  ERROR_TEXT,
  indicatorText,
  indicatorWords,
  keyNeededText,
} from '../../../../src/ui/sync/syncMessages';

type Category = keyof typeof ERROR_TEXT;
const CATEGORIES = Object.keys(ERROR_TEXT) as Category[];

const status = (over: Partial<SyncStatus>): SyncStatus => ({
  phase: 'synced',
  queued: 0,
  deadLetters: 0,
  quarantined: 0,
  corrupt: 0,
  error: null,
  lastSyncedAt: 1,
  ...over,
});

describe('sync messages (issue 7 part 8)', () => {
  it('has one distinct sentence per category, each saying what to do or that it resolves itself', () => {
    const texts = CATEGORIES.map((c) => ERROR_TEXT[c]);
    expect(new Set(texts).size).toBe(texts.length);
    for (const c of CATEGORIES)
      expect(ERROR_TEXT[c]).toMatch(
        /sign in|reload|plan|shorten|by itself|when the connection|within a minute|update/i,
      );
  });

  it('names the cause specifically in the indicator for every required category', () => {
    const words = (category: Category) =>
      indicatorText(status({ phase: 'error', error: { category, code: 'X', message: 'm' } }));
    expect(words('offline')).toBe('Offline');
    expect(words('rate_limited')).toBe('Sync slowed down');
    expect(words('sync_payment_required')).toBe('Sync paused: plan');
    expect(words('sync_vault_limit_exceeded')).toBe('Sync paused: vault limit');
    expect(words('device_key_mismatch')).toBe('Sync stopped: sign in again');
    // a refused pull page (spec 3.8): this device's vault key is not the account's, or nothing explains it
    expect(words('vault_key_mismatch')).toBe('Sync stopped: vault key needed');
    expect(words('page_refused')).toBe('Sync held: items do not open');
    expect(words('note_too_large')).toBe('Not synced: note too large');
    expect(words('schema_invalid')).toBe('Not synced: items unreadable');
  });

  it('never says "Synced" while anything is queued, failed, quarantined or damaged, or after an error', () => {
    for (const queued of [0, 1])
      for (const deadLetters of [0, 2])
        for (const quarantined of [0, 3])
          for (const corrupt of [0, 4])
            for (const error of [
              null,
              ...CATEGORIES.map((category) => ({ category, code: 'X', message: 'm' })),
            ])
              for (const running of [false, true])
                for (const parked of [false, true]) {
                  const s = { queued, deadLetters, quarantined, corrupt, error, lastSyncedAt: 1 };
                  const shown = indicatorText({ ...s, phase: phaseOf(s, running, parked) });
                  const clean =
                    !queued && !deadLetters && !quarantined && !corrupt && !error && !running && !parked;
                  expect(shown === 'Synced').toBe(clean);
                }
  });

  it('says why the key is asked for again on a device whose vault key is stale, and nothing on a new device', () => {
    const stale = status({
      phase: 'error',
      error: { category: 'vault_key_mismatch', code: 'VAULT_KEY_MISMATCH', message: 'm' },
    });
    expect(keyNeededText(stale)).toBe(ERROR_TEXT.vault_key_mismatch);
    expect(ERROR_TEXT.vault_key_mismatch).toMatch(/recovery key/);
    expect(keyNeededText(status({ phase: 'off', error: null }))).toBeNull();
    const other = status({
      phase: 'error',
      error: { category: 'offline', code: 'NETWORK_OFFLINE', message: 'm' },
    });
    expect(keyNeededText(other)).toBeNull();
  });

  it('says the vault key is needed in the app bar, not "Sync off", on a device asked for it again', () => {
    const stale = status({
      phase: 'error',
      error: { category: 'vault_key_mismatch', code: 'VAULT_KEY_MISMATCH', message: 'm' },
    });
    expect(indicatorWords({ revoked: false, setup: 'needs_key', status: stale })).toBe(
      'Sync stopped: vault key needed',
    );
    // also while the engine retries under the stale key (a cycle running, the error kept)
    expect(
      indicatorWords({ revoked: false, setup: 'needs_key', status: { ...stale, phase: 'syncing' } }),
    ).toBe('Sync stopped: vault key needed');
    // a new device that never had the key, a signed-out one and a revoked one say what they did
    expect(indicatorWords({ revoked: false, setup: 'needs_key', status: status({ phase: 'off' }) })).toBe(
      'Sync off',
    );
    expect(indicatorWords({ revoked: false, setup: 'signed_out', status: status({ phase: 'off' }) })).toBe(
      'Sync off',
    );
    expect(indicatorWords({ revoked: true, setup: 'ready', status: stale })).toBe(
      'Sync stopped: device revoked',
    );
    expect(indicatorWords({ revoked: false, setup: 'ready', status: status({}) })).toBe('Synced');
  });

  it('counts what is left in the pending words', () => {
    expect(
      indicatorText(status({ phase: 'pending', queued: 3, deadLetters: 1, quarantined: 2, corrupt: 1 })),
    ).toBe('Not synced: 3 waiting, 1 failed, 2 quarantined, 1 damaged');
  });

  it('says in words why a sign-in, set-up or key step was refused: slowed down, offline, or the service’s reason', () => {
    // the service's own wording ("too many requests in bucket auth") is not for people
    const slowed = accountErrorText({
      code: 'RATE_LIMITED',
      message: 'too many requests in bucket auth',
      retryAfterSeconds: 42,
    });
    expect(slowed).toBe(
      'Too many attempts in a short time: the sync service asks to wait 42 seconds before trying again. Nothing was changed.',
    );
    expect(accountErrorText({ code: 'RATE_LIMITED', message: 'x' })).toContain('wait a minute');
    expect(accountErrorText({ code: 'RATE_LIMITED', message: 'x', retryAfterSeconds: 1 })).toContain(
      'wait 1 second before',
    );
    expect(
      accountErrorText({ code: 'NETWORK_OFFLINE', message: 'the sync service is unreachable (TypeError)' }),
    ).toBe('The sync service cannot be reached. Check the connection and try again; nothing was changed.');
    expect(accountErrorText({ code: 'VALIDATION_ERROR', message: 'email: not an email address' })).toBe(
      'email: not an email address',
    );
  });
});
