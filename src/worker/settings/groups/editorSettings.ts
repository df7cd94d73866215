import { defineSettingsGroup } from '../defineSettingsGroup';

/** The text editor's typography on this device (local: screens differ). */
export const editorSettings = defineSettingsGroup({
  name: 'editor',
  op: 'Editor',
  label: 'Editor',
  syncs: false,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      fontSize: { type: 'integer', minimum: 12, maximum: 24, description: 'editor font size in CSS px' },
      lineWidth: {
        type: 'string',
        enum: ['narrow', 'wide', 'full'],
        description: 'how wide a line of text may grow',
      },
    },
    required: ['fontSize', 'lineWidth'],
  },
  defaults: { fontSize: 16, lineWidth: 'wide' },
});
