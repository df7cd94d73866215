/**
 * Who is calling. The UI calls the registry through Comlink as `ui`; an agent arrives through
 * /mcp, WebMCP or the page API as `agent`, with the window (service-worker clientId) it came from
 * when there is one, and the client name it announced in `initialize` when it gave one.
 */
export type Caller =
  | { kind: 'ui' }
  | { kind: 'agent'; surface: 'mcp' | 'webmcp' | 'page'; clientId?: string; clientName?: string };

/** What every operation handler receives beside its args. */
export interface OpContext {
  caller: Caller;
}

export type ApprovalDecision = 'once' | 'tab' | 'deny';

/** The approval asked before a write operation that requires it runs. */
export interface OperationApprovalRequest {
  operation: string;
  summary: string;
  call: string;
  args: readonly unknown[];
  /** a delete-like operation: the UI offers no "allow for this tab" for it */
  destructive: boolean;
}

export type ApproveOperation = (request: OperationApprovalRequest) => Promise<ApprovalDecision>;

export interface WriteContext extends OpContext {
  /**
   * Asked only when the operation requires approval; the handler runs only on 'once' or 'tab'.
   * The UI, whose own click is the approval, passes a port that answers 'once'.
   */
  approve: ApproveOperation;
}
