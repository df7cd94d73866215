import { SETTING_KEYS } from '../../settings/settingsGroups';
import type { SettingsStore } from '../../settings/settingsStore';
import { defineOperation, type Operation } from '../defineOperation';
import { ok } from '../result';

const keySchema = {
  type: 'string',
  enum: SETTING_KEYS,
  description: 'one setting, group.field (e.g. general.theme)',
} as const;

/** settings.get / settings.set of one setting by key, and the keyboard reset. */
export function settingsKeyOperations(store: SettingsStore): Operation[] {
  return [
    defineOperation({
      kind: 'read',
      name: 'settings.get',
      summary: 'One setting by its key group.field, its value or default.',
      params: [{ name: 'key', required: true, schema: keySchema }] as const,
      handler: ([key]) => store.get(key),
    }),
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'settings.set',
      summary: 'Sets one setting by its key group.field; the value must pass that field’s schema.',
      params: [
        { name: 'key', required: true, schema: keySchema },
        {
          name: 'value',
          required: true,
          schema: { description: 'the new value; its type depends on the key' },
        },
      ] as const,
      handler: async ([key, value]) => {
        const res = await store.set(key, value);
        // The value is args[1]: name it so, as every other refusal names its argument.
        return res.ok ? res : { ok: false, error: { ...res.error, field: 'args[1]' } };
      },
    }),
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'settings.resetKeyboardSettings',
      summary: 'Puts every keyboard shortcut back to its default; answers the keyboard settings.',
      params: [] as const,
      handler: async () => ok(await store.resetGroup('keyboard')),
    }),
  ];
}
