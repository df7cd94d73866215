import { createSignal } from 'solid-js';
import type { ApprovalDecision } from '../../worker/ops/context';
import type { ApprovalRequest } from '../../worker/tools/approvalGate';

/** Issue 6 part 5: an unanswered request is denied after two minutes. */
export const APPROVAL_TIMEOUT_MS = 120_000;

export interface PendingApproval {
  id: number;
  request: ApprovalRequest;
  /** epoch ms when it is denied unanswered */
  deadline: number;
}

/**
 * The tab's approval requests, shown one at a time. `ask` is the ApprovalPort handed to the vault
 * worker. Guarantees: an allow only comes from `decide` with a trusted UI event (a script in the
 * page cannot approve itself); everything else that ends a request (Escape, closing, the
 * time-out, `denyAll` on navigation or vault switch) denies it, and each request settles once.
 */
export function createApprovalQueue(timeoutMs: number = APPROVAL_TIMEOUT_MS) {
  const [pending, setPending] = createSignal<PendingApproval[]>([]);
  const settle = new Map<number, (d: ApprovalDecision) => void>();
  let nextId = 1;

  function finish(id: number, decision: ApprovalDecision) {
    const resolve = settle.get(id);
    if (resolve === undefined) return;
    settle.delete(id);
    setPending((list) => list.filter((p) => p.id !== id));
    resolve(decision);
  }

  return {
    pending,
    current: () => pending()[0] ?? null,
    ask(request: ApprovalRequest): Promise<ApprovalDecision> {
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(id, 'deny'), timeoutMs);
        settle.set(id, (d) => {
          clearTimeout(timer);
          resolve(d);
        });
        setPending((list) => [...list, { id, request, deadline: Date.now() + timeoutMs }]);
      });
    },
    /** an allow counts only from a trusted event; a deny from anything */
    decide(id: number, decision: ApprovalDecision, event: { isTrusted: boolean }) {
      if (decision !== 'deny' && !event.isTrusted) return;
      if (decision === 'tab' && settleRequest(id)?.destructive) return;
      finish(id, decision);
    },
    denyAll() {
      for (const id of [...settle.keys()]) finish(id, 'deny');
    },
  };

  function settleRequest(id: number): ApprovalRequest | undefined {
    return pending().find((p) => p.id === id)?.request;
  }
}

export type ApprovalQueue = ReturnType<typeof createApprovalQueue>;
