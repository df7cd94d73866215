import { defineSettingsGroup } from '../defineSettingsGroup';

/** What a browser tab of Cairn opens with (local: each device keeps its own habit). */
export const tabSettings = defineSettingsGroup({
  name: 'tab',
  op: 'Tab',
  label: 'Tabs',
  syncs: false,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      startSection: {
        type: 'string',
        enum: ['notes', 'tasks', 'inbox', 'journal', 'canvas'],
        description: 'the section a tab opens on when its address names none',
      },
    },
    required: ['startSection'],
  },
  defaults: { startSection: 'notes' },
});
