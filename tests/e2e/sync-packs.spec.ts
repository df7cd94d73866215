import { expect, type Page, test } from '@playwright/test';
import {
  closeSettings,
  firstDevice,
  joinWithRecoveryKey,
  openSettings,
  SYNC_WAIT,
  uniqueEmail,
} from './syncDevices';
import { serviceDevice } from './syncService';

// Issue 16 part 4 in a real browser: a new browser joins a vault of 1,000 notes and its first sync
// seeds the note bodies from the service's packs (OPFS temp files, the real service's signed
// object route), reaching "Synced" and saying so in the sync diagnostics. The notes are made
// through the agent tool bridge (notes.importFiles, 100 a call), not the UI.

const NOTES = 1_000;

/** One desktop write through window.cairnAgent, approving the agent for this tab when asked. */
async function agentWrite(page: Page, operation: string, ...args: unknown[]): Promise<void> {
  const pending = page.evaluate(
    ({ operation, args }) => window.cairnAgent!.callTool('vault_desktop_write', { operation, args }),
    { operation, args },
  );
  const dialog = page.getByRole('dialog', { name: 'Agent request' });
  const first = await Promise.race([pending.then(() => 'reply'), dialog.waitFor().then(() => 'dialog')]);
  if (first === 'dialog') await dialog.getByRole('button', { name: 'Allow for this tab' }).click();
  const result = await pending;
  expect(result.isError, `${operation}: ${JSON.stringify(result)}`).toBeUndefined();
}

test('a new browser linked to a vault of 1,000 notes reaches Synced through packs', async ({ browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('packs');
  const { page: a, recoveryKey } = await firstDevice(browser, email);
  for (let from = 0; from < NOTES; from += 100) {
    const files = Array.from({ length: 100 }, (_, k) => ({
      name: `Note ${from + k}.md`,
      content: `Body of note ${from + k}, seeded for the pack bootstrap.`,
    }));
    await agentWrite(a, 'notes.importFiles', files);
  }
  const panelA = await openSettings(a);
  await expect(panelA.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: SYNC_WAIT * 2 });
  await closeSettings(a);

  // the service packs each snapshot once it settled (docs/packs.md): wait until all are listed
  const helper = await serviceDevice(email);
  const vaults = (await helper.call('GET', '/sync/vaults')).body as { vaults: { vaultId: string }[] };
  const vaultId = vaults.vaults[0]!.vaultId;
  await expect
    .poll(
      async () => {
        let entries = 0;
        let cursor: number | null = null;
        do {
          const q: string = cursor === null ? '' : `&cursor=${cursor}`;
          const page = (await helper.call('GET', `/sync/packs?limit=50${q}`, undefined, vaultId)).body as {
            packs: { entryCount: number }[];
            nextCursor: number | null;
          };
          entries += page.packs.reduce((n, p) => n + p.entryCount, 0);
          cursor = page.nextCursor;
        } while (cursor !== null);
        return entries;
      },
      { timeout: SYNC_WAIT, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(NOTES);

  const b = await joinWithRecoveryKey(browser, email, recoveryKey);
  const panelB = await openSettings(b);
  await expect(panelB.getByTestId('sync-status-text')).toHaveText('Synced');
  const diagnostics = b.getByRole('region', { name: 'Sync diagnostics' });
  await expect(diagnostics.getByTestId('sync-pack-seed')).toHaveText(/^Seeded 1,000 notes from \d+ packs? /);
  await closeSettings(b);
});
