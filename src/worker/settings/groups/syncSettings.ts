import { defineSettingsGroup } from '../defineSettingsGroup';

/** What this device sends and fetches (local: a phone on a metered link decides for itself). */
export const syncSettings = defineSettingsGroup({
  name: 'sync',
  op: 'Sync',
  label: 'Sync',
  syncs: false,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      syncAttachments: {
        type: 'string',
        enum: ['all', 'on_open', 'never'],
        description:
          'which files (filed files and attachments) this device downloads: all in the background, each when it is opened, or never',
      },
      maxAttachmentMb: {
        type: 'integer',
        minimum: 1,
        maximum: 500,
        description: 'larger files are not downloaded automatically',
      },
    },
    required: ['syncAttachments', 'maxAttachmentMb'],
  },
  defaults: { syncAttachments: 'all', maxAttachmentMb: 50 },
});
