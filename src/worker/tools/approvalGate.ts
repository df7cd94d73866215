import type { ApprovalDecision, Caller } from '../ops/context';

/** What the approval dialog shows (issue 6, part 5). */
export interface ApprovalRequest {
  caller: Caller;
  tool: string;
  summary: string;
  arguments: unknown;
  diff?: string;
  /** a delete: the dialog offers no "Allow for this tab" */
  destructive: boolean;
}

/**
 * The injected approval port: the calling tab's dialog. It resolves 'deny' on Escape, close,
 * time-out or navigation; only trusted UI events resolve it otherwise.
 */
export type ApprovalPort = (request: ApprovalRequest) => Promise<ApprovalDecision>;

export interface ApprovalGate {
  /** Asks the port unless "allow for this tab" was granted for `key` before. */
  ask(request: ApprovalRequest, key: string): Promise<ApprovalDecision>;
}

/**
 * Remembers "Allow for this tab" grants for the life of the gate (one tool host per tab and
 * vault). A 'tab' answer for a destructive request counts once and is not remembered.
 */
export function createApprovalGate(port: ApprovalPort): ApprovalGate {
  const granted = new Set<string>();
  return {
    async ask(request, key) {
      if (!request.destructive && granted.has(key)) return 'tab';
      // A port that fails (no window to show the dialog, a closed channel) has not approved.
      const decision = await port(request).catch((): ApprovalDecision => 'deny');
      if (decision === 'tab') {
        if (request.destructive) return 'once';
        granted.add(key);
      }
      return decision;
    },
  };
}
