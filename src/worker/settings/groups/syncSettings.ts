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
      syncAttachments: { type: 'boolean', description: 'download filed files and attachments' },
      maxAttachmentMb: {
        type: 'integer',
        minimum: 1,
        maximum: 500,
        description: 'larger files are not downloaded automatically',
      },
    },
    required: ['syncAttachments', 'maxAttachmentMb'],
  },
  defaults: { syncAttachments: true, maxAttachmentMb: 50 },
});
