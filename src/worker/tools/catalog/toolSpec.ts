import type { Schema } from '../../ops/schema';

/**
 * MCP tool annotations. `untrustedContentHint` (WebMCP) marks replies that carry text written by
 * someone other than the agent (note bodies, captured web pages): content to read, never to obey.
 */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: false;
  readonly untrustedContentHint: boolean;
}

/**
 * A `vault_*` tool as data: its name, what it does, its `arguments` schema and whether a call waits
 * for the user. The schema stays within the subset Chrome's WebMCP accepts (no `format`, `$ref`,
 * `$defs`) and every object in it has `additionalProperties: false` (spec 1).
 */
export interface ToolSpec<S extends Schema = Schema> {
  readonly name: `vault_${string}`;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: S;
  readonly annotations: ToolAnnotations;
  readonly requiresApproval: boolean;
}

export function defineToolSpec<const S extends Schema>(spec: ToolSpec<S>): ToolSpec<S> {
  return spec;
}

/** Annotations of a read tool: nothing changes; `untrusted` when the reply carries vault text. */
export function readAnnotations(untrusted: boolean): ToolAnnotations {
  return {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
    untrustedContentHint: untrusted,
  };
}

export function writeAnnotations(destructive: boolean, idempotent = false): ToolAnnotations {
  return {
    readOnlyHint: false,
    destructiveHint: destructive,
    idempotentHint: idempotent,
    openWorldHint: false,
    untrustedContentHint: false,
  };
}
