import { defineSettingsGroup } from '../defineSettingsGroup';

/** What the link graph shows (synced: it describes the vault's view of itself). */
export const graphSettings = defineSettingsGroup({
  name: 'graph',
  op: 'Graph',
  label: 'Graph',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      showOrphans: { type: 'boolean', description: 'show notes without links' },
      showAttachments: { type: 'boolean', description: 'show filed files as nodes' },
      localDepth: { type: 'integer', minimum: 1, maximum: 5, description: 'link hops in the local graph' },
    },
    required: ['showOrphans', 'showAttachments', 'localDepth'],
  },
  defaults: { showOrphans: true, showAttachments: false, localDepth: 2 },
});
