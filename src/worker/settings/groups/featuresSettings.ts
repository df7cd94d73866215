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
      home: { type: 'boolean', description: 'show the Home section (home pages and bookmarks)' },
      calendar: { type: 'boolean', description: 'show the Calendar section' },
      reminders: { type: 'boolean', description: 'show the Reminders section' },
      templates: { type: 'boolean', description: 'show the Templates section' },
      filters: { type: 'boolean', description: 'show the Filters section (saved filters)' },
    },
    required: [
      'tasks',
      'inbox',
      'journal',
      'canvas',
      'home',
      'calendar',
      'reminders',
      'templates',
      'filters',
    ],
  },
  // Every section shows until hidden. A value stored before a field existed reads as its default
  // (per-key rows), so vaults from before these fields keep every section.
  defaults: {
    tasks: true,
    inbox: true,
    journal: true,
    canvas: true,
    home: true,
    calendar: true,
    reminders: true,
    templates: true,
    filters: true,
  },
});
