import type { SyncStatus } from '../../sync/engine/syncStatus';

/** One clear sentence per error category (issue 7 part 8); shown in settings and as the indicator's title. */
export const ERROR_TEXT: Record<NonNullable<SyncStatus['error']>['category'], string> = {
  offline: 'Offline: changes are kept on this device and sent when the connection is back.',
  rate_limited: 'The sync service asked us to slow down; sync resumes by itself shortly.',
  sync_payment_required: 'Sync needs an active plan. Your notes stay on this device meanwhile.',
  sync_vault_limit_exceeded: 'Your plan allows no more synced vaults. Remove one or change plan.',
  device_key_mismatch:
    'This device’s signing key does not match its registration. Sign out and sign in again.',
  signed_out: 'The session ended (signed out or device revoked). Sign in again to sync.',
  upgrade_required: 'This version may no longer send changes. Reload to update; reading still works.',
  note_too_large: 'A note body change is too large to sync (over 1 MB). It stays queued on this device.',
  schema_invalid:
    'Some items from another device are not readable by this version; they are kept for a later update.',
  server: 'The sync service failed; sync retries by itself.',
};

/** The indicator's words. Never "Synced" while anything is queued, failed or quarantined. */
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
    case 'error':
      return s.error?.category === 'offline' ? 'Offline' : 'Sync error';
    case 'pending': {
      const parts = [
        s.queued > 0 ? `${s.queued} waiting` : '',
        s.deadLetters > 0 ? `${s.deadLetters} failed` : '',
        s.quarantined > 0 ? `${s.quarantined} quarantined` : '',
      ].filter(Boolean);
      return parts.length > 0 ? `Not synced: ${parts.join(', ')}` : 'Not synced yet';
    }
  }
}

/** Why sync is held after sign-in (spec 3.5), in the user's words. */
export const HOLD_TEXT = {
  foreign:
    'This vault is synced with another account. Sync stays off here; sign in with that account to sync it.',
  unknown: 'The sync service could not be reached to check this vault. Sync tries again in a minute.',
  local: 'You chose to keep this vault on this device only. Nothing of it is sent to the sync service.',
} as const;

export const REVOKED_TEXT =
  'This device was revoked from another device: sync stopped here, and everything already on this device stays. Sign out and sign in again to sync.';
