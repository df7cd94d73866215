import { defineSettingsGroup } from '../defineSettingsGroup';

/** Reminders to export a copy of the vault (local: the export lands on this device). */
export const backupSettings = defineSettingsGroup({
  name: 'backup',
  op: 'Backup',
  label: 'Backup',
  syncs: false,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      remindToExport: { type: 'boolean', description: 'remind me to export a zip of the vault' },
      intervalDays: { type: 'integer', minimum: 1, maximum: 365, description: 'days between reminders' },
    },
    required: ['remindToExport', 'intervalDays'],
  },
  defaults: { remindToExport: false, intervalDays: 7 },
});
