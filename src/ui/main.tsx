// First: starts the vault worker before the UI's modules evaluate (see vaultWorker.ts).

import { render } from 'solid-js/web';
import { openPageMcpInbox } from './agent/mcpInbox';
import { App } from './app/App';
import { takeOAuthReturn } from './sync/oauthReturn';
import { VaultRoot } from './vault/VaultRoot';
import { vaultWorkerUp } from './vault/vaultWorker';
import './styles.css';

// Before anything waits: /mcp requests the service worker posts to this tab are held from now
// on, not dropped while the vault opens (issue 21, mcpInbox.ts).
if ('serviceWorker' in navigator) openPageMcpInbox(navigator.serviceWorker);

// Back from an identity provider's sign-in: its token leaves the address before the router reads it.
takeOAuthReturn();

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
