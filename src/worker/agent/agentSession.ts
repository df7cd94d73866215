import type { ApprovalDecision, Caller } from '../ops/context';
import type { Registry } from '../ops/registry';
import type { Result } from '../ops/result';
import { type AgentEndpoint, createAgentEndpoint } from '../tools/agentEndpoint';
import type { ApprovalPort, ApprovalRequest } from '../tools/approvalGate';
import type { ToolOutput, VaultPorts } from '../tools/defineTool';
import type { JsonRpcResponse } from '../tools/mcp/jsonRpc';
import type { ToolDescriptor } from '../tools/toolHost';
import type { ToolsDocument } from '../tools/toolsDocument';
import { type AuditEntry, type AuditStore, isAuditEntry } from './auditLog';
import { describeCaller } from './describeCaller';
import { serveMcpPort } from './serveMcpPort';

/** What the tab gives the vault worker when it connects its agent surfaces. */
export interface AgentTabPorts {
  /** shows the approval dialog; resolves 'deny' on Escape, close, time-out or navigation */
  approve: ApprovalPort;
  /** the note open in the tab, for vault_get_current_note */
  currentNoteId: () => Promise<string | null>;
}

/** The agent surfaces' view of one open vault in one tab (returned over Comlink as a proxy). */
export interface AgentSession {
  listTools(): Promise<ToolDescriptor[]>;
  callTool(name: string, args: unknown, caller: Caller): Promise<Result<ToolOutput>>;
  handleJsonRpc(message: unknown, caller: Caller): Promise<JsonRpcResponse | null>;
  toolsDocument(endpoint: string): Promise<ToolsDocument>;
  auditLog(limit: number): Promise<AuditEntry[]>;
  /**
   * Answers /mcp calls the service worker posts on `port` (the window hands the other end to the
   * service worker). One port per session; a later one replaces it.
   */
  servePort(port: MessagePort): Promise<void>;
}

export interface AgentSessionDeps {
  registry: Registry;
  version: string;
  audit: AuditStore;
  now: () => number;
  tab: AgentTabPorts;
  /** file bytes and rendering (vault_view_file); tools needing a port left out are not offered */
  vaultPorts?: VaultPorts;
}

/**
 * Builds the one agent endpoint of this tab's vault. Every answer of the approval port is
 * appended to the audit log before the tool runs, so the log holds each decision even when the
 * write then fails. A port that throws (the tab went away) counts as a denial, and is logged too.
 */
export function createAgentSession({
  registry,
  version,
  audit,
  now,
  tab,
  vaultPorts = {},
}: AgentSessionDeps): AgentSession {
  const approve: ApprovalPort = async (request: ApprovalRequest) => {
    const decision: ApprovalDecision = await tab.approve(request).catch((): ApprovalDecision => 'deny');
    await audit.add({
      at: now(),
      decision,
      tool: request.tool,
      summary: request.summary,
      caller: describeCaller(request.caller),
      argumentsJson: JSON.stringify(request.arguments ?? null),
    });
    return decision;
  };
  const endpoint: AgentEndpoint = createAgentEndpoint({
    registry,
    approve,
    version,
    ports: { ...vaultPorts, currentNoteId: tab.currentNoteId },
  });
  let stopServing = () => {};
  return {
    listTools: async () => endpoint.listTools(),
    callTool: (name, args, caller) => endpoint.callTool(name, args, caller),
    handleJsonRpc: (message, caller) => endpoint.handleJsonRpc(message, caller),
    toolsDocument: async (address) => endpoint.toolsDocument(address),
    servePort: async (port) => {
      stopServing();
      stopServing = serveMcpPort(port, (message, caller) => endpoint.handleJsonRpc(message, caller));
    },
    auditLog: async (limit) => (await audit.newest(Math.max(1, Math.min(limit, 500)))).filter(isAuditEntry),
  };
}
