import { defineSettingsGroup } from '../defineSettingsGroup';

/**
 * How agents may write into the vault (synced: the owner's policy for the vault). Read by the
 * agent tools through the settings store (docs/settings.md).
 */
export const aiSettings = defineSettingsGroup({
  name: 'ai',
  op: 'AI',
  label: 'AI and agents',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      convertCheckboxesToTasksForAgents: {
        type: 'boolean',
        // The settings UI labels the switch with this text (SettingField).
        description:
          'convert checkbox lines to tasks for agents (open boxes in a note an agent creates become tasks linked to it)',
      },
    },
    required: ['convertCheckboxesToTasksForAgents'],
  },
  defaults: { convertCheckboxesToTasksForAgents: false },
});
