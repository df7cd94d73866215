// First: starts the vault worker before the UI's modules evaluate (see vaultWorker.ts).

import { render } from 'solid-js/web';
import { App } from './app/App';
import { VaultRoot } from './vault/VaultRoot';
import { vaultWorkerUp } from './vault/vaultWorker';
import './styles.css';

// The first render waits (at most 60 ms) for the vault worker's thread to start: Blink starts it
// from a task on this thread, which the render would otherwise hold up (vaultWorker.ts).
void vaultWorkerUp(60).then(() =>
  render(
    () => (
      <VaultRoot>{(vaultId, switchVault) => <App vaultId={vaultId} switchVault={switchVault} />}</VaultRoot>
    ),
    document.getElementById('root')!,
  ),
);
