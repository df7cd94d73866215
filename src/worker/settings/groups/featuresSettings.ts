import { defineSettingsGroup } from '../defineSettingsGroup';

/** Which sections the app shows (synced: a vault used only for notes hides the rest everywhere). */
export const featuresSettings = defineSettingsGroup({
  name: 'features',
  op: 'Features',
  label: 'Sections',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      tasks: { type: 'boolean', description: 'show the Tasks section' },
      inbox: { type: 'boolean', description: 'show the Inbox section' },
      journal: { type: 'boolean', description: 'show the Journal section' },
      canvas: { type: 'boolean', description: 'show the Canvas section' },
    },
    required: ['tasks', 'inbox', 'journal', 'canvas'],
  },
  defaults: { tasks: true, inbox: true, journal: true, canvas: true },
});
