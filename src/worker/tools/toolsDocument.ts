import type { Operation } from '../ops/defineOperation';
import { SUPPORTED_PROTOCOL_VERSIONS } from './mcp/protocolVersion';
import type { ToolDescriptor } from './toolHost';

/**
 * Spec 9's machine-readable description, served at /mcp/tools.json: the app's version, the
 * endpoint address, and one entry per name: a `vault_*` entry is that tool's arguments schema, any
 * other entry is one desktop operation's args-array schema. Each entry keeps its schema's
 * validating keywords as they are and adds `title` and `description` annotations, so an entry is
 * still exactly the schema that validates the call.
 */
export interface ToolsDocument {
  name: 'cairn';
  version: string;
  endpoint: string;
  protocolVersions: readonly string[];
  entries: Record<string, Record<string, unknown>>;
  /**
   * What tools/list shows beside each schema (title, description, annotations), so a service
   * worker can answer tools/list from this document alone: `inputSchema` is `entries[name]`.
   */
  tools: { name: string; title: string; description: string; annotations: ToolDescriptor['annotations'] }[];
}

export interface ToolsDocumentInput {
  version: string;
  /** the absolute /mcp address, e.g. https://cairn.example/mcp */
  endpoint: string;
  /** what tools/list offers */
  tools: readonly ToolDescriptor[];
  /** what the registry holds */
  operations: readonly Operation[];
}

export function buildToolsDocument({
  version,
  endpoint,
  tools,
  operations,
}: ToolsDocumentInput): ToolsDocument {
  const entries: Record<string, Record<string, unknown>> = {};
  for (const tool of tools) {
    entries[tool.name] = { ...tool.inputSchema, title: tool.title, description: tool.description };
  }
  for (const op of operations) {
    const approval = op.requiresApproval ? ' Requires approval.' : '';
    const tool = op.kind === 'read' ? 'vault_desktop_read' : 'vault_desktop_write';
    entries[op.name] = {
      ...op.argsSchema,
      title: op.call,
      description: `${op.summary}. Through ${tool}.${approval}`,
    };
  }
  const listed = tools.map(({ name, title, description, annotations }) => ({
    name,
    title,
    description,
    annotations,
  }));
  return {
    name: 'cairn',
    version,
    endpoint,
    protocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
    entries,
    tools: listed,
  };
}
