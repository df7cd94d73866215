import type { Caller } from '../ops/context';
import type { Registry } from '../ops/registry';
import type { Result } from '../ops/result';
import { ALL_TOOLS } from './allTools';
import type { ApprovalPort } from './approvalGate';
import type { Tool, ToolOutput, ToolPorts } from './defineTool';
import { handleJsonRpc, type InitializedClient } from './mcp';
import type { JsonRpcResponse } from './mcp/jsonRpc';
import { createToolHost, type ToolDescriptor } from './toolHost';
import { buildToolsDocument, type ToolsDocument } from './toolsDocument';

/**
 * Everything an agent surface needs from one open vault, in one object the vault worker can hand
 * out over Comlink: the /mcp bridge (service worker → tab → worker), WebMCP registration and the
 * page's `window.cairnAgent` all call these, so all of them share one host and its approvals.
 */
export interface AgentEndpoint {
  listTools(): ToolDescriptor[];
  callTool(name: string, args: unknown, caller: Caller): Promise<Result<ToolOutput>>;
  /** one JSON-RPC message in, the response (or null: answer 202) out */
  handleJsonRpc(
    message: unknown,
    caller: Caller,
    onInitialize?: (client: InitializedClient) => void,
  ): Promise<JsonRpcResponse | null>;
  toolsDocument(endpoint: string): ToolsDocument;
}

export interface AgentEndpointDeps {
  registry: Registry;
  /** the calling tab's approval dialog */
  approve: ApprovalPort;
  /** the app version (serverInfo.version, tools.json) */
  version: string;
  /** defaults to every tool with a handler; the host offers those whose operations are registered */
  tools?: readonly Tool[];
  /** what the tab provides (the open note) */
  ports?: ToolPorts;
}

export function createAgentEndpoint({
  registry,
  approve,
  version,
  tools = ALL_TOOLS,
  ports = {},
}: AgentEndpointDeps): AgentEndpoint {
  const host = createToolHost({ registry, tools, approve, ports });
  return {
    listTools: () => host.listTools(),
    callTool: (name, args, caller) => host.callTool(name, args, caller),
    handleJsonRpc: (message, caller, onInitialize) =>
      handleJsonRpc(message, {
        host,
        caller,
        version,
        ...(onInitialize === undefined ? {} : { onInitialize }),
      }),
    toolsDocument: (endpoint) =>
      buildToolsDocument({ version, endpoint, tools: host.listTools(), operations: registry.list() }),
  };
}
