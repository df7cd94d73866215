import { createResource, Show } from 'solid-js';
import type { BillingReport } from '../../sync/protocol/plans';
import { syncApi, syncState } from './syncSource';

const PLAN_NAMES = { plus: 'Plus', pro: 'Pro', believer: 'Believer' } as const;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** Plan, status, storage used against the plan's limit (a bar), vaults, and when the plan ends. */
export function PlanUsage() {
  // read again whenever the sync error changes: a plan that lapsed or came back shows at once
  const errorCode = () => syncState()?.status.error?.code ?? 'none';
  const [report] = createResource(errorCode, async () => {
    const api = syncApi();
    return api ? api.billing() : null;
  });
  return (
    <section class="sync-plan" aria-label="Plan and usage">
      <h4>Plan and usage</h4>
      <Show when={report.latest} fallback={<p>Loading the plan…</p>}>
        {(res) => (
          <Show when={res().ok && res()} fallback={<p role="alert">{planError(res())}</p>}>
            {(okRes) => <PlanDetails report={(okRes() as { value: BillingReport }).value} />}
          </Show>
        )}
      </Show>
    </section>
  );
}

function planError(res: unknown): string {
  const err = (res as { error?: { message?: string } }).error;
  return `The plan could not be read: ${err?.message ?? 'unknown error'}.`;
}

function PlanDetails(props: { report: BillingReport }) {
  const r = () => props.report;
  const limit = () => r().limits?.storageBytes ?? 0;
  const used = () => r().usage.storageBytes;
  return (
    <>
      <p data-testid="sync-plan">
        {r().plan ? PLAN_NAMES[r().plan!] : 'No plan'} ·{' '}
        {r().syncAllowed ? 'active' : `sync stopped (${r().status})`}
      </p>
      <Show when={limit() > 0}>
        <label class="sync-usage">
          Storage: {formatBytes(used())} of {formatBytes(limit())}
          <progress max={limit()} value={Math.min(used(), limit())} />
        </label>
      </Show>
      <p>
        Vaults: {r().usage.vaults}
        {r().limits?.vaultLimit != null ? ` of ${r().limits!.vaultLimit}` : ' (no limit)'}
      </p>
      <Show when={r().expiresAt}>
        {(at) => <p>Renews or ends on {new Date(at()).toLocaleDateString()}.</p>}
      </Show>
      <Show when={!r().syncAllowed}>
        <p>Sync needs an active plan: renew or choose a plan for this account.</p>
      </Show>
    </>
  );
}
