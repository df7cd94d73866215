import type { SyncStatus } from '../../sync/engine/syncStatus';

type Category = NonNullable<SyncStatus['error']>['category'];

/**
 * One clear sentence per error category (issue 7 part 8): what happened, what happens to the
 * user's changes, and what to do. Shown in Settings → Sync and as the indicator's title.
 */
export const ERROR_TEXT: Record<Category, string> = {
  offline:
    'Offline: the sync service cannot be reached. Changes are kept on this device and sent when the connection is back.',
  rate_limited:
    'The sync service asked this account to slow down (too many requests from its devices). Sync resumes by itself within a minute; nothing is lost.',
  sync_payment_required:
    'Sync needs an active plan: renew or choose a plan for this account. Your notes stay on this device, and sync resumes once the plan is active.',
  sync_vault_limit_exceeded:
    'This account has more synced vaults than its plan allows, so sync is paused. Change to a plan with more vaults; your notes stay on this device.',
  device_key_mismatch:
    'The sync service refused this device’s signature: its signing key does not match its registration. This device signs out: sign in again to register it anew. Changes made here are kept and sent afterwards.',
  vault_key_mismatch:
    'This device’s vault key is not the one the account uses now, so what other devices send cannot be opened here. Nothing is applied or lost: the service keeps it. Enter the vault’s current recovery key below, or link this device from another one; sync then resumes by itself.',
  page_refused:
    'Something the sync service sent could not be opened or verified on this device (sealed under another key, or signed by an unknown device). Nothing of it was applied. Sync tries again by itself; after an hour those items are set aside as quarantined and everything else syncs.',
  signed_out: 'The session ended (signed out or device revoked). Sign in again to sync.',
  upgrade_required:
    'This version of Cairn may no longer send changes. Reload to update; reading and local editing still work.',
  note_too_large:
    'A note is too large to sync (the sync service takes up to about 3.9 MB of text per note). Shorten or split it; it stays on this device and everything else keeps syncing.',
  schema_invalid:
    'Some items could not be synced: they are not in a form other devices can read. They stay on this device; an app update may fix them.',
  server: 'The sync service failed. Sync retries by itself; changes are kept on this device.',
};

/**
 * The sentence for a refusal met while signing in, setting up or restoring the key (the panel's
 * own calls, not the engine's): a clear one for being slowed down or offline, else the service's
 * own message, which names the field or the reason.
 */
export function accountErrorText(error: {
  code: string;
  message: string;
  retryAfterSeconds?: number;
}): string {
  if (error.code === 'RATE_LIMITED') {
    const s = error.retryAfterSeconds;
    const wait = s === undefined ? 'a minute' : s === 1 ? '1 second' : `${s} seconds`;
    return `Too many attempts in a short time: the sync service asks to wait ${wait} before trying again. Nothing was changed.`;
  }
  if (error.code === 'NETWORK_OFFLINE')
    return 'The sync service cannot be reached. Check the connection and try again; nothing was changed.';
  return error.message;
}

/** The indicator's short words for each error: specific, never "Synced". */
const ERROR_WORDS: Record<Category, string> = {
  offline: 'Offline',
  rate_limited: 'Sync slowed down',
  sync_payment_required: 'Sync paused: plan',
  sync_vault_limit_exceeded: 'Sync paused: vault limit',
  device_key_mismatch: 'Sync stopped: sign in again',
  vault_key_mismatch: 'Sync stopped: vault key needed',
  page_refused: 'Sync held: items do not open',
  signed_out: 'Signed out',
  upgrade_required: 'Update needed',
  note_too_large: 'Not synced: note too large',
  schema_invalid: 'Not synced: items unreadable',
  server: 'Sync error',
};

/** The indicator's words. Never "Synced" while anything is queued, failed, quarantined or damaged. */
export function indicatorText(s: SyncStatus): string {
  switch (s.phase) {
    case 'off':
      return 'Sync off';
    case 'syncing':
      return 'Syncing…';
    case 'synced':
      return 'Synced';
    case 'parked':
      return 'Sync paused';
    case 'paused':
      return s.queued > 0 ? `Paused: ${s.queued} waiting` : 'Paused';
    case 'error':
      return s.error ? ERROR_WORDS[s.error.category] : 'Sync error';
    case 'pending': {
      const parts = [
        s.queued > 0 ? `${s.queued} waiting` : '',
        s.deadLetters > 0 ? `${s.deadLetters} failed` : '',
        s.quarantined > 0 ? `${s.quarantined} quarantined` : '',
        // received damaged: fetched again by itself within the hour
        s.corrupt > 0 ? `${s.corrupt} damaged` : '',
        ...fileParts(s),
      ].filter(Boolean);
      return parts.length > 0 ? `Not synced: ${parts.join(', ')}` : 'Not synced yet';
    }
  }
}

/** Files not where they belong yet (issue 15 part 5): "2 files to upload", "1 file failed". */
function fileParts(s: SyncStatus): string[] {
  const f = s.files;
  if (!f) return [];
  const n = (k: number, what: string) => (k > 0 ? `${k} ${k === 1 ? 'file' : 'files'} ${what}` : '');
  return [n(f.uploading, 'to upload'), n(f.downloading, 'to download'), n(f.failed, 'failed')];
}

/**
 * Why the vault key is asked for on a device that had one: its pull found the key is not the
 * account's (a refused page, spec 3.8). Null on a device that never had the key (a new device).
 */
export function keyNeededText(s: SyncStatus): string | null {
  return s.error?.category === 'vault_key_mismatch' ? ERROR_TEXT.vault_key_mismatch : null;
}

/**
 * The app bar indicator's words for the whole sync state. A device asked for its vault key again
 * (its key went stale, `needs_key` with the `vault_key_mismatch` status) says so, not "Sync off":
 * sync is stopped for a reason the user can fix, and the engine keeps trying.
 */
export function indicatorWords(s: {
  revoked: boolean;
  keyMismatchSignedOut?: boolean;
  setup: string;
  status: SyncStatus;
}): string {
  if (s.revoked) return 'Sync stopped: device revoked';
  if (s.keyMismatchSignedOut && s.setup === 'signed_out') return ERROR_WORDS.device_key_mismatch;
  if (s.setup === 'ready') return indicatorText(s.status);
  return keyNeededText(s.status) ? ERROR_WORDS.vault_key_mismatch : 'Sync off';
}

/** Why sync is held after sign-in (spec 3.5), in the user's words. */
export const HOLD_TEXT = {
  foreign:
    'This vault is synced with another account. Sync stays off here; sign in with that account to sync it.',
  unknown: 'The sync service could not be reached to check this vault. Sync tries again in a minute.',
  local: 'You chose to keep this vault on this device only. Nothing of it is sent to the sync service.',
} as const;

/** Signed out by the app because the service no longer knew this device's signing key (spec 5.4). */
export const KEY_MISMATCH_TEXT =
  'This device was signed out: the sync service no longer recognised its signing key. Sign in again to register it anew. Changes made here are kept and sent once you are signed in.';

export const REVOKED_TEXT =
  'This device was revoked from another device: sync stopped here, and everything already on this device stays. Sign out and sign in again to sync.';
