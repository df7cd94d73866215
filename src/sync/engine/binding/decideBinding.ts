/**
 * Vault account binding (spec 3.5), as a pure decision over facts the caller gathers. Checked
 * before any sync service is built; the first rule that matches decides.
 */
export interface BindingFacts {
  /** `sync.account-binding.v1` of this vault, if any */
  binding: { userId: string; mode: 'sync' | 'local' } | null;
  /** the signed-in account */
  userId: string;
  /** files outside dot-directories, tasks or inbox items exist locally */
  hasLocalContent: boolean;
  /** `GET /sync/vaults`: the account's vault uuids, or null when the call failed */
  accountVaults: string[] | null;
  /** this vault's sync uuid, when it has one */
  vaultUuid: string | null;
  /** a clock on a task, inbox item or note names a device other than this install (or placeholder) */
  foreignClocks: boolean;
}

export type BindingDecision =
  | { kind: 'start'; bind: boolean }
  | { kind: 'local_only' }
  | { kind: 'foreign' }
  /** `GET /sync/vaults` failed: sync-eligible, retried after 60 s */
  | { kind: 'unknown'; retryAfterMs: 60_000 }
  /** ask the user once: sync, merge (adopt the account's largest vault) or local */
  | { kind: 'needs_decision' };

export function decideBinding(f: BindingFacts): BindingDecision {
  if (f.binding?.userId === f.userId)
    return f.binding.mode === 'local' ? { kind: 'local_only' } : { kind: 'start', bind: false };
  if (f.binding && f.binding.mode === 'sync') return { kind: 'foreign' };
  if (!f.hasLocalContent) return { kind: 'start', bind: true };
  if (f.accountVaults === null) return { kind: 'unknown', retryAfterMs: 60_000 };
  if (f.vaultUuid !== null && f.accountVaults.includes(f.vaultUuid)) return { kind: 'start', bind: true };
  if (f.foreignClocks) return { kind: 'foreign' };
  return { kind: 'needs_decision' };
}
