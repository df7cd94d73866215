import { fail, ok, type Result } from '../ops/result';
import { createValidator, type Validate } from '../ops/validator';
import type { VaultServices } from '../vault/services';
import { type GroupSchema, patchSchemaOf, type SettingsGroupDef } from './defineSettingsGroup';
import { memorySettingsBackend, type SettingsBackend } from './settingsBackend';
import {
  parseSettingKey,
  SETTING_KEYS,
  type SettingsGroupName,
  type SettingsPatch,
  type SettingsValues,
  settingsGroup,
} from './settingsGroups';
import { vaultSettingsBackend } from './vaultSettingsBackend';

export type SettingsListener = (group: SettingsGroupName) => void;

export interface SettingsStore {
  /** The group's full value: stored fields over the defaults. */
  getGroup<N extends SettingsGroupName>(name: N): Promise<SettingsValues[N]>;
  /**
   * Validates `patch` (unknown fields and wrong types are refused, naming the field) and writes
   * it in one step; answers the group's new value. A refusal writes nothing.
   */
  setGroup<N extends SettingsGroupName>(name: N, patch: SettingsPatch<N>): Promise<Result<SettingsValues[N]>>;
  /** Writes every field of the group back to its default. */
  resetGroup<N extends SettingsGroupName>(name: N): Promise<SettingsValues[N]>;
  /** One setting by its key `group.field`; NOT_FOUND for an unknown key. */
  get(key: string): Promise<Result<unknown>>;
  set(key: string, value: unknown): Promise<Result<unknown>>;
  /** Called with the group's name after any of its settings changed, in this tab or another. */
  onChange(listener: SettingsListener): () => void;
}

export interface SettingsBackends {
  /** where device-local groups live; the browser's meta database in the app (openVault) */
  device?: SettingsBackend;
  /** where synced groups live; the vault's `settings` table unless given */
  vault?: SettingsBackend;
}

const validators = new Map<string, Validate>();
function patchValidator(group: SettingsGroupDef<string, GroupSchema>): Validate {
  let v = validators.get(group.name);
  if (v === undefined) {
    v = createValidator(patchSchemaOf(group.schema), { label: group.name, prefixed: false });
    validators.set(group.name, v);
  }
  return v;
}

/**
 * The typed, validated settings of a vault (docs/settings.md). Synced groups are stored in the
 * vault, device-local ones in `backends.device`. A stored value that no longer passes its field's
 * schema (written by a newer version, say) reads as the default rather than breaking the group.
 */
export function createSettingsStore(services: VaultServices, backends: SettingsBackends = {}): SettingsStore {
  const vault = backends.vault ?? vaultSettingsBackend(services);
  const device =
    backends.device ??
    memorySettingsBackend('deviceSettings', (ids) =>
      services.feed.committed([{ table: 'deviceSettings', op: 'put', ids }]),
    );
  const backendOf = (g: SettingsGroupDef<string, GroupSchema>) => (g.syncs ? vault : device);
  const known = (name: string) => {
    const g = settingsGroup(name);
    if (g === undefined) throw new Error(`unknown settings group ${name}`);
    return g;
  };

  async function read(g: SettingsGroupDef<string, GroupSchema>): Promise<Record<string, unknown>> {
    const value: Record<string, unknown> = { ...g.defaults };
    const check = patchValidator(g);
    for (const row of await backendOf(g).read(`${g.name}.`)) {
      const field = row.key.slice(g.name.length + 1);
      if (!Object.hasOwn(g.schema.properties, field)) continue;
      if (check({ [field]: row.value }) === null) value[field] = row.value;
    }
    return value;
  }

  async function write(g: SettingsGroupDef<string, GroupSchema>, patch: Record<string, unknown>) {
    const entries = Object.entries(patch).map(([field, value]) => ({ key: `${g.name}.${field}`, value }));
    if (entries.length > 0) await backendOf(g).write(entries);
  }

  return {
    async getGroup(name) {
      return (await read(known(name))) as SettingsValues[typeof name];
    },
    async setGroup(name, patch) {
      const g = known(name);
      const refusal = patchValidator(g)(patch);
      if (refusal !== null) return { ok: false, error: refusal };
      await write(g, patch as Record<string, unknown>);
      return ok((await read(g)) as SettingsValues[typeof name]);
    },
    async resetGroup(name) {
      const g = known(name);
      await write(g, { ...g.defaults });
      return (await read(g)) as SettingsValues[typeof name];
    },
    async get(key) {
      const found = parseSettingKey(key);
      if (found === null) return unknownKey(key);
      return ok((await read(found.group))[found.field]);
    },
    async set(key, value) {
      const found = parseSettingKey(key);
      if (found === null) return unknownKey(key);
      const refusal = patchValidator(found.group)({ [found.field]: value });
      if (refusal !== null) return { ok: false, error: { ...refusal, field: key } };
      await write(found.group, { [found.field]: value });
      return ok(value);
    },
    onChange(listener) {
      return services.feed.subscribe((batch) => {
        const groups = new Set<SettingsGroupName>();
        for (const c of batch.changes) {
          if (c.table !== vault.table && c.table !== device.table) continue;
          for (const id of c.ids) {
            const found = parseSettingKey(id);
            if (found !== null) groups.add(found.group.name as SettingsGroupName);
          }
        }
        for (const g of groups) listener(g);
      });
    },
  };
}

function unknownKey(key: string): Result<never> {
  return fail(
    'NOT_FOUND',
    `No setting named ${JSON.stringify(key)}; keys are group.field, e.g. general.theme`,
    {
      field: 'key',
      candidates: SETTING_KEYS.filter((k) => k.split('.')[0] === key.split('.')[0]).slice(0, 20),
    },
  );
}
