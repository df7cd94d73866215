import { defineSettingsGroup } from '../defineSettingsGroup';

/** What a new task starts with (synced: the vault's conventions). */
export const taskSettings = defineSettingsGroup({
  name: 'task',
  op: 'Task',
  label: 'Tasks',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      defaultProjectId: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'project a new task goes into when none is chosen',
      },
      defaultPriority: { type: 'integer', minimum: 0, maximum: 4, description: 'priority of a new task' },
      showCompleted: { type: 'boolean', description: 'list completed tasks in project views' },
    },
    required: ['defaultProjectId', 'defaultPriority', 'showCompleted'],
  },
  defaults: { defaultProjectId: 'inbox', defaultPriority: 0, showCompleted: false },
});
