import { NON_EMPTY } from './fragments';
import { defineToolSpec, readAnnotations, writeAnnotations } from './toolSpec';

/**
 * Spec 4.3: the three tools that reach every desktop operation by name. `args` is checked here only
 * as an array; the operation's own args schema then names the failing `args[i]` field.
 */
export const desktopDescribe = defineToolSpec({
  name: 'vault_desktop_describe',
  title: 'Describe desktop operations',
  description:
    'Without operation: every desktop operation with its tool and call shape. With operation: its summary, params, approval flag and args_schema (JSON Schema 2020-12 for the args array).',
  inputSchema: { type: 'object', additionalProperties: false, properties: { operation: NON_EMPTY } },
  annotations: readAnnotations(false),
  requiresApproval: false,
});

const OPERATION_CALL = {
  type: 'object',
  additionalProperties: false,
  required: ['operation'],
  properties: { operation: NON_EMPTY, args: { type: 'array', maxItems: 16 } },
} as const;

export const desktopRead = defineToolSpec({
  name: 'vault_desktop_read',
  title: 'Run a read operation',
  description:
    'Run an allowlisted read-only desktop operation with positional args (default []). Filed files come back as metadata (contentOmitted, contentAccess); a reply over 100 KB comes back as {truncated, totalBytes, message, partial}.',
  inputSchema: OPERATION_CALL,
  annotations: readAnnotations(true),
  requiresApproval: false,
});

/** Approval is per operation (its requires_approval), asked by the registry, so not at tool level. */
export const desktopWrite = defineToolSpec({
  name: 'vault_desktop_write',
  title: 'Run a write operation',
  description:
    'Run a mutating desktop operation with positional args (default []). Operations whose describe says requires_approval wait for the user.',
  inputSchema: OPERATION_CALL,
  annotations: writeAnnotations(true),
  requiresApproval: false,
});
