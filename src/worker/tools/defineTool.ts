import type { ApproveOperation, Caller } from '../ops/context';
import type { Registry } from '../ops/registry';
import type { OpError, Result } from '../ops/result';
import type { Infer, Schema } from '../ops/schema';
import { ARGUMENTS_ROOT, createValidator } from '../ops/validator';
import type { ToolSpec } from './catalog/toolSpec';
import type { FileTextPort } from './notes/fileTextPort';
import type { FileViewPort } from './view/fileViewPort';

/** An image content part of a tool result (vault_view_file). */
export interface ImagePart {
  mimeType: string;
  /** base64 */
  data: string;
}

/** What a tool hands back: the JSON reply, plus image parts for vault_view_file. */
export interface ToolOutput {
  json: unknown;
  images?: ImagePart[];
}

/**
 * What the calling window knows and the vault does not. Each vault worker serves one tab, and a
 * /mcp call is routed to the tab it came from, so "the calling window" is this worker's tab.
 */
export interface WindowPorts {
  /** the id of the note open in this tab, or null when none is */
  currentNoteId?: () => Promise<string | null>;
}

/**
 * What the vault provides to tools beyond its operation registry: things no operation carries
 * (file bytes, rendering). A tool needing a port its host lacks is not offered.
 */
export interface VaultPorts {
  /** vault_view_file: file bytes and the off-thread renderer */
  files?: FileViewPort;
  /** vault_read_note: text read from filed PDFs and images, and a note's `attachment_text` */
  texts?: FileTextPort;
}

export type ToolPorts = WindowPorts & VaultPorts;

export interface ToolEnv {
  registry: Registry;
  ports: ToolPorts;
  caller: Caller;
  /**
   * The approval a handler passes to `registry.write`. For a tool that required approval itself
   * the user already approved this call, so it answers 'once'; for vault_desktop_write it asks the
   * user about the operation.
   */
  approve: ApproveOperation;
}

interface ToolInput<S extends Schema, A> {
  spec: ToolSpec<S>;
  /** the operations the handler calls; the tool is offered only when all are registered */
  operations: readonly string[];
  /** overrides the default availability rule (the generic tools depend on the registry's content) */
  available?: (registry: Registry, ports: ToolPorts) => boolean;
  /**
   * Rules across fields that a schema in the WebMCP subset cannot state (two aliases that must
   * agree). Runs with the schema check, before approval is asked: a refusal asks nothing.
   */
  refine?: (args: A) => OpError | null;
  /** one human sentence for the approval dialog, e.g. `Rename note "A" to "B"` */
  summarize?: (args: A) => string;
  /**
   * Reads what the approval dialog should show beyond the arguments (the current title for a
   * rename, a diff for an edit). Runs before approval, so it must only read.
   */
  preview?: (args: A, env: ToolEnv) => Promise<ToolPreview>;
  handler: (args: A, env: ToolEnv) => Promise<Result<ToolOutput>> | Result<ToolOutput>;
}

export interface ToolPreview {
  summary?: string;
  diff?: string;
}

/** A tool with its types erased: what the host holds. */
export interface Tool {
  readonly spec: ToolSpec;
  readonly operations: readonly string[];
  available(registry: Registry, ports: ToolPorts): boolean;
  check(args: unknown): OpError | null;
  /** only meaningful for args that passed `check` */
  summarize(args: unknown): string;
  /** what the approval dialog shows: the summary, and a diff for edits */
  preview(args: unknown, env: ToolEnv): Promise<ToolPreview>;
  /** Runs the handler on args that passed `check`; the host checks and asks approval first. */
  run(args: unknown, env: ToolEnv): Promise<Result<ToolOutput>>;
}

export function jsonOutput(json: unknown): ToolOutput {
  return { json };
}

/**
 * Defines a tool from its spec: the handler's argument type comes from the spec's schema (A
 * defaults to the schema's inferred type), and the schema is compiled once, here.
 */
export function defineTool<const S extends Schema, A = Infer<S>>(input: ToolInput<S, A>): Tool {
  const validate = createValidator(input.spec.inputSchema, ARGUMENTS_ROOT);
  const { handler, summarize, preview, refine } = input;
  const operations = input.operations;
  // The casts to A are sound only after `check` passed, which the host guarantees.
  const summarizeArgs = (args: unknown) =>
    summarize === undefined ? `${input.spec.title}: ${JSON.stringify(args)}` : summarize(args as A);
  return {
    spec: input.spec,
    operations,
    available:
      input.available ?? ((registry) => operations.every((name) => registry.get(name) !== undefined)),
    check: (args) => validate(args) ?? (refine === undefined ? null : refine(args as A)),
    summarize: summarizeArgs,
    async preview(args, env) {
      const fallback = { summary: summarizeArgs(args) };
      if (preview === undefined) return fallback;
      try {
        return { ...fallback, ...(await preview(args as A, env)) };
      } catch {
        // A failed preview must not block the decision: the dialog still shows the arguments.
        return fallback;
      }
    },
    async run(args, env) {
      try {
        return await handler(args as A, env);
      } catch (cause) {
        const message = cause instanceof Error ? cause.message : String(cause);
        return { ok: false, error: { code: 'INTERNAL', message: `${input.spec.name} failed: ${message}` } };
      }
    },
  };
}
