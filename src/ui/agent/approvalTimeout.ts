import { APPROVAL_TIMEOUT_MS } from './createApprovalQueue';

/**
 * The approval time-out: 120 s, or shorter when the page URL carries `?approvalTimeoutMs=N`
 * (the e2e suite uses it to see a time-out deny without waiting two minutes). It can only be
 * shortened, never past 120 s nor under 1 s, and a shorter wait only ever denies sooner.
 */
export function approvalTimeoutFrom(search: string): number {
  const asked = Number(new URLSearchParams(search).get('approvalTimeoutMs'));
  if (!Number.isFinite(asked) || asked <= 0) return APPROVAL_TIMEOUT_MS;
  return Math.min(APPROVAL_TIMEOUT_MS, Math.max(1000, Math.round(asked)));
}
