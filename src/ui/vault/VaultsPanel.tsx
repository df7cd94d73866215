import { createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import { AccountVaults } from './AccountVaults';
import type { VaultClient } from './createVaultClient';
import { VaultStatusPanel } from './VaultStatusPanel';

interface VaultRow {
  id: string;
  name: string;
  icon?: string | null;
  current: boolean;
}

/**
 * Settings → Vaults: the local vaults of this browser, the open one renamed in place, another one
 * opened (vault.switch, the same operation agents call), a new one created and opened; the open
 * one's status and a search index rebuild (VaultStatusPanel).
 */
export function VaultsPanel(props: { client: VaultClient }) {
  const [version, setVersion] = createSignal(0);
  const [vaults] = createResource(version, async () => {
    const res = await props.client.api.read('vault.getAll', []);
    return res.ok ? (res.value as VaultRow[]) : [];
  });
  const current = () => vaults()?.find((v) => v.current);
  const [rename, setRename] = createSignal<string | null>(null);
  const [newName, setNewName] = createSignal('');
  const [message, setMessage] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  // Another tab may rename or add a vault: re-read when this one gets focus back.
  const onFocus = () => setVersion((v) => v + 1);
  window.addEventListener('focus', onFocus);
  onCleanup(() => window.removeEventListener('focus', onFocus));

  async function act(work: () => Promise<string>) {
    setBusy(true);
    try {
      setMessage(await work());
    } finally {
      setBusy(false);
    }
  }
  const openVault = (id: string) =>
    act(async () => {
      const res = await props.client.api.write('vault.switch', [id]);
      return res.ok ? 'Opening…' : res.error.message;
    });
  const renameCurrent = (e: SubmitEvent) => {
    e.preventDefault();
    void act(async () => {
      const res = await props.client.api.write('vault.updateConfig', [{ name: rename() ?? '' }]);
      if (!res.ok) return res.error.message;
      setRename(null);
      setVersion((v) => v + 1);
      props.client.refreshInfo();
      return 'Renamed.';
    });
  };
  const [icon, setIcon] = createSignal<string | null>(null);
  const setIconOf = (e: SubmitEvent) => {
    e.preventDefault();
    void act(async () => {
      const value = (icon() ?? '').trim();
      const res = await props.client.api.write('vault.updateConfig', [{ icon: value === '' ? null : value }]);
      if (!res.ok) return res.error.message;
      setIcon(null);
      setVersion((v) => v + 1);
      props.client.refreshInfo();
      return value === '' ? 'Icon removed.' : 'Icon set.';
    });
  };
  const create = (e: SubmitEvent) => {
    e.preventDefault();
    void act(async () => {
      const made = await props.client.api.createVault(newName());
      if (!made.ok) return made.error.message;
      setNewName('');
      const res = await props.client.api.write('vault.switch', [made.value.id]);
      return res.ok ? `Opening ${made.value.name}…` : res.error.message;
    });
  };

  return (
    <section aria-labelledby="settings-vaults" class="vaults-panel">
      <h3 id="settings-vaults">Vaults</h3>
      <p class="muted">Each vault keeps its own notes, tasks and settings that sync, in this browser.</p>
      <form onSubmit={renameCurrent} class="inline-form">
        <label>
          Name of this vault
          <input
            type="text"
            maxLength={100}
            required
            value={rename() ?? current()?.name ?? ''}
            onInput={(e) => setRename(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy() || rename() === null}>
          Rename
        </button>
      </form>
      <form onSubmit={setIconOf} class="inline-form">
        <label>
          Icon of this vault
          <input
            type="text"
            maxLength={32}
            placeholder="An emoji, e.g. 📚"
            value={icon() ?? current()?.icon ?? ''}
            onInput={(e) => setIcon(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy() || icon() === null}>
          Set icon
        </button>
      </form>
      <ul class="vault-list" aria-label="Local vaults">
        <For each={vaults()}>
          {(v) => (
            <li>
              <span>
                <Show when={v.icon}>
                  <span aria-hidden="true">{v.icon} </span>
                </Show>
                {v.name}
              </span>
              <Show when={!v.current} fallback={<span class="muted">(open)</span>}>
                <button type="button" disabled={busy()} onClick={() => void openVault(v.id)}>
                  Open {v.name}
                </button>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <VaultStatusPanel client={props.client} />
      <form onSubmit={create} class="inline-form">
        <label>
          New vault name
          <input
            type="text"
            maxLength={100}
            required
            value={newName()}
            onInput={(e) => setNewName(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy()}>
          Create vault
        </button>
      </form>
      <h4>Your sync account</h4>
      <AccountVaults
        client={props.client}
        busy={busy()}
        onMessage={setMessage}
        onListed={() => {
          setVersion((v) => v + 1);
          props.client.refreshInfo();
        }}
      />
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </section>
  );
}
