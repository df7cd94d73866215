import { defineSettingsGroup } from '../defineSettingsGroup';

/** How this device shows Cairn (local: a dark phone and a light desktop may share a vault). */
export const generalSettings = defineSettingsGroup({
  name: 'general',
  op: 'General',
  label: 'General',
  syncs: false,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      theme: { type: 'string', enum: ['system', 'light', 'dark'], description: 'colour theme' },
    },
    required: ['theme'],
  },
  defaults: { theme: 'system' },
});
