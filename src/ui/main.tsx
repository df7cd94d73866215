// First: starts the vault worker before the UI's modules evaluate (see vaultWorker.ts).
import './vault/vaultWorker';
import { render } from 'solid-js/web';
import { App } from './app/App';
import { VaultRoot } from './vault/VaultRoot';
import './styles.css';

render(
  () => (
    <VaultRoot>{(vaultId, switchVault) => <App vaultId={vaultId} switchVault={switchVault} />}</VaultRoot>
  ),
  document.getElementById('root')!,
);
