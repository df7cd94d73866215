import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from './createVaultClient';

interface AccountVault {
  vaultId: string;
  name: string | null;
  icon: string | null;
  itemCount: number;
  localVaultId: string | null;
  suggestedName: string;
}

/**
 * Settings → Vaults → "Your sync account": the account's vaults (vault.listAccount), each
 * either on this device already (open it) or downloadable (vault.downloadRemote, with the
 * recovery key when the user has it, so the new vault syncs as soon as it is signed in).
 */
export function AccountVaults(props: {
  client: VaultClient;
  busy: boolean;
  onMessage: (m: string) => void;
  /** the list was read (and with it this vault's icon as another device may have set it) */
  onListed?: () => void;
}) {
  const [vaults, setVaults] = createSignal<AccountVault[] | null>(null);
  const [error, setError] = createSignal('');
  const [keys, setKeys] = createSignal<Record<string, string>>({});

  async function load() {
    setError('');
    const res = await props.client.api.read('vault.listAccount', []);
    if (res.ok) {
      setVaults((res.value as { vaults: AccountVault[] }).vaults);
      props.onListed?.();
    } else setError(res.error.message);
  }
  async function download(v: AccountVault) {
    const recoveryKey = keys()[v.vaultId]?.trim();
    const res = await props.client.api.write('vault.downloadRemote', [
      { vaultId: v.vaultId, ...(recoveryKey ? { recoveryKey } : {}) },
    ]);
    if (!res.ok) return props.onMessage(res.error.message);
    const made = res.value as { vault: { name: string }; next: string };
    props.onMessage(`Opening ${made.vault.name}… Then ${made.next}.`);
  }
  const open = (id: string) => props.client.api.write('vault.switch', [id]);
  const label = (v: AccountVault) => v.name ?? v.suggestedName;

  return (
    <div class="account-vaults">
      <Show
        when={vaults()}
        fallback={
          <button type="button" disabled={props.busy} onClick={() => void load()}>
            Show my sync account’s vaults
          </button>
        }
      >
        {(list) => (
          <ul class="vault-list" aria-label="Sync account vaults">
            <For each={list()} fallback={<li class="muted">Your account has no vaults yet.</li>}>
              {(v) => (
                <li>
                  <span>
                    <Show when={v.icon}>
                      <span aria-hidden="true">{v.icon} </span>
                    </Show>
                    {label(v)} <span class="muted">({v.itemCount} items)</span>
                  </span>
                  <Show
                    when={v.localVaultId === null}
                    fallback={
                      <button type="button" onClick={() => void open(v.localVaultId!)}>
                        Open {label(v)} on this device
                      </button>
                    }
                  >
                    <input
                      type="password"
                      autocomplete="off"
                      aria-label={`Recovery key of ${label(v)} (optional)`}
                      placeholder="Recovery key (optional)"
                      onInput={(e) => setKeys({ ...keys(), [v.vaultId]: e.currentTarget.value })}
                    />
                    <button type="button" disabled={props.busy} onClick={() => void download(v)}>
                      Download {label(v)}
                    </button>
                  </Show>
                </li>
              )}
            </For>
          </ul>
        )}
      </Show>
      <Show when={error()}>
        <p role="alert">{error()}</p>
      </Show>
    </div>
  );
}
