import { defineSettingsGroup } from '../defineSettingsGroup';

/** How the calendar shows time (synced: the vault's conventions). */
export const calendarSettings = defineSettingsGroup({
  name: 'calendar',
  op: 'Calendar',
  label: 'Calendar',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      weekStartsOn: { type: 'string', enum: ['monday', 'sunday'], description: 'first day of a week' },
      timeFormat: { type: 'string', enum: ['24h', '12h'], description: 'clock format' },
      defaultEventMinutes: {
        type: 'integer',
        minimum: 5,
        maximum: 1440,
        description: 'length of a new event',
      },
      showTasks: { type: 'boolean', description: 'show tasks with a due date on the calendar' },
    },
    required: ['weekStartsOn', 'timeFormat', 'defaultEventMinutes', 'showTasks'],
  },
  defaults: { weekStartsOn: 'monday', timeFormat: '24h', defaultEventMinutes: 60, showTasks: true },
});
