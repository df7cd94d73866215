import { createSignal, type JSX, Show } from 'solid-js';

export interface VaultRootProps {
  /** renders the app for one vault; called again (a fresh app) on every switch */
  children: (vaultId: string | null, switchVault: (id: string) => void) => JSX.Element;
}

const readVaultParam = () => new URL(location.href).searchParams.get('vault');

/**
 * Holds which vault this window shows. A switch disposes the whole app of the old vault (its
 * worker closes the vault and ends, its agent tools are unregistered) and builds a new one on the
 * other vault. The vault is kept in the address (`?vault=<id>`) so a reload stays on it.
 */
export function VaultRoot(props: VaultRootProps) {
  // An object per switch: `keyed` rebuilds the children whenever it is replaced.
  const [current, setCurrent] = createSignal({ id: readVaultParam() });
  const switchVault = (id: string) => {
    if (id === current().id) return;
    const url = new URL(location.href);
    url.searchParams.set('vault', id);
    // The old vault's note or section has no meaning in the new one.
    url.hash = '';
    history.replaceState(null, '', url);
    setCurrent({ id });
  };
  return (
    <Show when={current()} keyed>
      {(c) => props.children(c.id, switchVault)}
    </Show>
  );
}
