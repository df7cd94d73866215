import { repeatConfigSchema } from '../../domain/tasks/schemas';
import { HH_MM_OR_NULL, ISO_DATE_OR_NULL } from './fragments';
import { defineToolSpec, writeAnnotations } from './toolSpec';

const ID_OR_NULL = { type: ['string', 'null'], minLength: 1 } as const;
const TEXT_OR_NULL = { type: ['string', 'null'], maxLength: 10000 } as const;

/**
 * Spec 4.2 lists the arguments and leaves the rest to Cairn. Decided (docs/agent-tools.md):
 * only `title` is required; no parameters beyond spec's list; `due` is an alias of `due_date` and
 * `notes` of `description` (giving both with different values is refused); approval required like
 * every other write tool; the reply is the full task of vault_get_task.
 */
export const createTask = defineToolSpec({
  name: 'vault_create_task',
  title: 'Create a task',
  description:
    'Create a task (in the Inbox project unless project_id is given). Dates are YYYY-MM-DD; due is an alias of due_date and notes of description. Returns the full task.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 500 },
      status_id: ID_OR_NULL,
      project_id: ID_OR_NULL,
      parent_id: ID_OR_NULL,
      due: ISO_DATE_OR_NULL,
      due_date: ISO_DATE_OR_NULL,
      start_date: ISO_DATE_OR_NULL,
      due_time: HH_MM_OR_NULL,
      priority: { type: 'integer', minimum: 0, maximum: 4 },
      notes: TEXT_OR_NULL,
      description: TEXT_OR_NULL,
      is_repeating: { type: 'boolean' },
      // the tasks domain's own schema, inlined (no $ref), so both layers refuse the same configs
      repeat_config: { anyOf: [repeatConfigSchema, { type: 'null' }] },
      repeat_from: { enum: ['due', 'completion', null] },
      tags: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1 } },
    },
  },
  annotations: writeAnnotations(false),
  requiresApproval: true,
});
