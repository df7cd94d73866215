import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalTimeoutFrom } from '../../../src/ui/agent/approvalTimeout';
import { createApprovalQueue } from '../../../src/ui/agent/createApprovalQueue';
import type { ApprovalRequest } from '../../../src/worker/tools/approvalGate';

const request = (destructive = false): ApprovalRequest => ({
  caller: { kind: 'agent', surface: 'mcp' },
  tool: destructive ? 'vault_delete_note' : 'vault_create_note',
  summary: 's',
  arguments: { title: 'a' },
  destructive,
});

const trusted = { isTrusted: true };
const scripted = { isTrusted: false };

afterEach(() => vi.useRealTimers());

describe('createApprovalQueue', () => {
  it('ignores an allow from an untrusted event, accepts a trusted one', async () => {
    await createRoot(async (dispose) => {
      const q = createApprovalQueue(10_000);
      const answer = q.ask(request());
      const id = q.current()?.id ?? -1;
      q.decide(id, 'once', scripted);
      expect(q.current()?.id).toBe(id);
      q.decide(id, 'once', trusted);
      expect(await answer).toBe('once');
      expect(q.current()).toBeNull();
      dispose();
    });
  });

  it('accepts a deny from anything, and refuses "tab" for a destructive request', async () => {
    await createRoot(async (dispose) => {
      const q = createApprovalQueue(10_000);
      const del = q.ask(request(true));
      const id = q.current()?.id ?? -1;
      q.decide(id, 'tab', trusted);
      expect(q.current()?.id).toBe(id);
      q.decide(id, 'deny', scripted);
      expect(await del).toBe('deny');
      dispose();
    });
  });

  it('denies at the time-out and on denyAll, each request once', async () => {
    vi.useFakeTimers();
    await createRoot(async (dispose) => {
      const q = createApprovalQueue(1000);
      const first = q.ask(request());
      const second = q.ask(request());
      expect(q.pending()).toHaveLength(2);
      vi.advanceTimersByTime(1000);
      expect(await first).toBe('deny');
      expect(await second).toBe('deny');
      const third = q.ask(request());
      q.denyAll();
      q.decide(3, 'once', trusted);
      expect(await third).toBe('deny');
      dispose();
    });
  });
});

describe('approvalTimeoutFrom', () => {
  it('only shortens the 120 s default, never below 1 s', () => {
    expect(approvalTimeoutFrom('')).toBe(120_000);
    expect(approvalTimeoutFrom('?approvalTimeoutMs=1500')).toBe(1500);
    expect(approvalTimeoutFrom('?approvalTimeoutMs=10')).toBe(1000);
    expect(approvalTimeoutFrom('?approvalTimeoutMs=999999')).toBe(120_000);
    expect(approvalTimeoutFrom('?approvalTimeoutMs=abc')).toBe(120_000);
  });
});
