import { patchSchemaOf } from '../../settings/defineSettingsGroup';
import { SETTINGS_GROUPS, type SettingsGroupName, type SettingsPatch } from '../../settings/settingsGroups';
import type { SettingsStore } from '../../settings/settingsStore';
import { defineOperation, type Operation } from '../defineOperation';
import { ok } from '../result';
import type { Schema } from '../schema';

/**
 * settings.get<Group>Settings and settings.set<Group>Settings for every group: the args schema
 * of a set is the group's patch schema, so describe shows each field, its type and its values.
 * Setting asks the user's approval when an agent calls it: settings are the owner's.
 */
export function settingsGroupOperations(store: SettingsStore): Operation[] {
  return SETTINGS_GROUPS.flatMap((g) => {
    const name = g.name as SettingsGroupName;
    const where = g.syncs ? 'synced with the vault' : 'kept on this device only';
    const patchSchema: Schema = {
      ...patchSchemaOf(g.schema),
      description: `fields of the ${g.label} settings to change; the others keep their value`,
    };
    return [
      defineOperation({
        kind: 'read',
        name: `settings.get${g.op}Settings`,
        summary: `The ${g.label} settings (${where}), every field with its value or default.`,
        params: [] as const,
        handler: async () => ok(await store.getGroup(name)),
      }),
      defineOperation({
        kind: 'write',
        requiresApproval: true,
        name: `settings.set${g.op}Settings`,
        summary: `Changes some of the ${g.label} settings (${where}); answers the whole group.`,
        params: [{ name: 'patch', required: true, schema: patchSchema }] as const,
        // The args schema has already refused anything the store's own check would.
        handler: ([patch]) => store.setGroup(name, patch as SettingsPatch<SettingsGroupName>),
      }),
    ];
  });
}
