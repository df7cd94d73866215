import { defineSettingsGroup } from '../defineSettingsGroup';

/** How the journal looks and what a new entry starts with (synced: it is the vault's habit). */
export const journalSettings = defineSettingsGroup({
  name: 'journal',
  op: 'Journal',
  label: 'Journal',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      weekStartsOn: {
        type: 'string',
        enum: ['monday', 'sunday'],
        description: 'first day of a week (month view and heatmap)',
      },
      entryTemplate: {
        type: 'string',
        maxLength: 10000,
        description: 'markdown a new entry starts with',
      },
      showDayContext: {
        type: 'boolean',
        description: 'show the tasks, events and notes of the day beside an entry',
      },
    },
    required: ['weekStartsOn', 'entryTemplate', 'showDayContext'],
  },
  defaults: { weekStartsOn: 'monday', entryTemplate: '', showDayContext: true },
});
