import type { VaultListResponse } from '../../protocol/vaults';
import type { SyncCall } from '../http/syncHttp';
import type { StatePort } from '../ports';
import { PULL_DELIVERED } from '../pull/freshDevice';
import { MANIFEST_CHECKED_AT } from '../pull/manifestCheck';
import { LAST_CURSOR } from '../pull/pullChanges';
import { REFUSED_PAGE } from '../pull/refusedPage';
import { type BindingDecision, decideBinding } from './decideBinding';

/** `sync.account-binding.v1` (spec 2.12): the vault's answer, persisted so it is asked once. */
export const BINDING = 'sync.account-binding.v1';
/** Why sync is held for the signed-in account, while it is (cleared by a decision or a choice). */
export const BINDING_HOLD = 'bindingHold';
export const SYNC_VAULT_ID = 'syncVaultId';

export type Binding = { userId: string; mode: 'sync' | 'local' };
export type BindingHold = 'needs_decision' | 'foreign' | 'unknown';
export type BindingChoice = 'sync' | 'merge' | 'local';

/** What the vault knows about its own content (the worker answers from IndexedDB). */
export interface LocalFacts {
  /** notes outside dot-folders, tasks or inbox items exist */
  hasLocalContent(): Promise<boolean>;
  /** a clock on a task, inbox item or note names a device other than this install */
  foreignClocks(): Promise<boolean>;
}

export interface BindingDeps {
  state: StatePort;
  call: SyncCall;
  facts: LocalFacts;
}

/**
 * Runs the decision of spec 3.5 for the signed-in account and records its outcome: a binding for
 * sync (with the pull cursor of any earlier session dropped, so the first pull reads the whole
 * account), or a hold the UI explains (`needs_decision` asks the user once; `foreign` accepts no
 * choice; `unknown` is retried by the caller after `retryAfterMs`). `local_only` leaves the
 * recorded answer as it is.
 */
export async function bindForAccount(deps: BindingDeps, userId: string): Promise<BindingDecision> {
  const { state } = deps;
  const listed = await deps.call<VaultListResponse>('GET', '/sync/vaults');
  const decision = decideBinding({
    binding: (await state.get<Binding>(BINDING)) ?? null,
    userId,
    hasLocalContent: await deps.facts.hasLocalContent(),
    accountVaults: listed.ok ? listed.value.vaults.map((v) => v.vaultId) : null,
    vaultUuid: (await state.get<string>(SYNC_VAULT_ID)) ?? null,
    foreignClocks: await deps.facts.foreignClocks(),
  });
  if (decision.kind === 'start') {
    if (decision.bind) await bind(state, userId);
    await state.set(BINDING_HOLD, null);
  } else if (decision.kind === 'local_only') await state.set(BINDING_HOLD, null);
  else await state.set(BINDING_HOLD, decision.kind);
  return decision;
}

/**
 * Binding drops what a previous session left about this install's place in an account (spec 3.5's
 * "current-device row and cursor"; Cairn keeps no device table, its device is the session's):
 * the pull cursor (the first pull reads the whole account), a held refused page (its cursor and,
 * for `vault_key_mismatch`, its push hold belong to the old account's key) and the manifest
 * check's throttle (the new account's first full sync diffs at once).
 */
async function bind(state: StatePort, userId: string) {
  await state.set(BINDING, { userId, mode: 'sync' } satisfies Binding);
  await state.set(LAST_CURSOR, 0);
  // fresh again for the new binding: its first full sync may seed from packs (freshDevice.ts)
  await state.set(PULL_DELIVERED, undefined);
  await state.set(REFUSED_PAGE, undefined);
  await state.set(MANIFEST_CHECKED_AT, undefined);
}

/**
 * The user's answer to the one-time question (spec 3.5 table). `sync` (from needs-decision or
 * local-only) and `merge` (from needs-decision, when the account has a vault) bind for sync;
 * `local` (from needs-decision) records local for this account. Anything else is refused and
 * changes nothing. The caller then sets up the key: a vault of its own for `sync`, the
 * account's largest vault for `merge`.
 */
export async function chooseBinding(
  state: StatePort,
  userId: string,
  choice: BindingChoice,
  accountHasVault: boolean,
): Promise<{ ok: true } | { ok: false; error: { code: string; message: string } }> {
  const hold = (await state.get<BindingHold | null>(BINDING_HOLD)) ?? null;
  const binding = (await state.get<Binding>(BINDING)) ?? null;
  const localOnly = binding?.userId === userId && binding.mode === 'local';
  const allowed =
    choice === 'sync'
      ? hold === 'needs_decision' || localOnly
      : choice === 'merge'
        ? hold === 'needs_decision' && accountHasVault
        : hold === 'needs_decision';
  if (!allowed)
    return {
      ok: false,
      error: {
        code: 'BINDING_CHOICE_REFUSED',
        message: `“${choice}” is not a choice this vault can take now`,
      },
    };
  if (choice === 'local') await state.set(BINDING, { userId, mode: 'local' } satisfies Binding);
  else await bind(state, userId);
  await state.set(BINDING_HOLD, null);
  return { ok: true };
}
