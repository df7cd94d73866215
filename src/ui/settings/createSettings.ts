import { createSignal, onCleanup } from 'solid-js';
import type { Result } from '../../worker/ops/result';
import {
  SETTINGS_GROUPS,
  type SettingsGroupName,
  type SettingsPatch,
  type SettingsValues,
  settingsGroup,
} from '../../worker/settings/settingsGroups';
import type { VaultClient } from '../vault/createVaultClient';

type Loaded = { [N in SettingsGroupName]?: SettingsValues[N] };

const SETTINGS_TABLES = new Set(['settings', 'deviceSettings']);

/**
 * The settings of the open vault, for the UI: every group read through the operations, re-read
 * when the change feed says one of its keys changed (here, in another tab, or by an agent).
 * Until a group has loaded, `value` answers its defaults, so nothing waits on it to render.
 */
export function createSettings(client: VaultClient) {
  const [loaded, setLoaded] = createSignal<Loaded>({});
  const opOf = (name: SettingsGroupName) => settingsGroup(name)?.op ?? name;

  async function load(name: SettingsGroupName) {
    const res = await client.api.read(`settings.get${opOf(name)}Settings`, []);
    if (res.ok) setLoaded((all) => ({ ...all, [name]: res.value }));
  }
  for (const g of SETTINGS_GROUPS) void load(g.name);
  onCleanup(
    client.onChange((batch) => {
      const groups = new Set<SettingsGroupName>();
      for (const c of batch.changes) {
        if (!SETTINGS_TABLES.has(c.table)) continue;
        for (const key of c.ids) {
          const g = settingsGroup(key.split('.')[0] ?? '');
          if (g) groups.add(g.name as SettingsGroupName);
        }
      }
      for (const g of groups) void load(g);
    }),
  );

  return {
    /** Whether the group has been read from the vault (else `value` answers its defaults). */
    isLoaded: (name: SettingsGroupName) => loaded()[name] !== undefined,
    value<N extends SettingsGroupName>(name: N): SettingsValues[N] {
      return (loaded()[name] ?? settingsGroup(name)?.defaults) as SettingsValues[N];
    },
    /** Writes a patch; the answer is the group's new value or the refusal naming the field. */
    async set<N extends SettingsGroupName>(name: N, patch: SettingsPatch<N>): Promise<Result<unknown>> {
      const res = await client.api.write(`settings.set${opOf(name)}Settings`, [patch]);
      if (res.ok) setLoaded((all) => ({ ...all, [name]: res.value }));
      return res;
    },
    async resetKeyboard(): Promise<Result<unknown>> {
      const res = await client.api.write('settings.resetKeyboardSettings', []);
      if (res.ok) setLoaded((all) => ({ ...all, keyboard: res.value as SettingsValues['keyboard'] }));
      return res;
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
