import { createResource, Show } from 'solid-js';
import type { BillingReport } from '../../sync/protocol/plans';
import { createPlanActions } from './createPlanActions';
import { PLAN_NAMES, planAdvice, STATUS_WORDS } from './planWords';
import { syncApi, syncState } from './syncSource';

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

type Answer = { ok: true; value: BillingReport } | { ok: false; error: { message: string } };

/**
 * Plan, status, storage used against the plan's limit (a bar), vaults, when the plan ends; why a
 * denying status stops sync and what to do; Upgrade (pricing page) and Manage billing (portal).
 */
export function PlanUsage() {
  // read again whenever the sync error changes: a plan that lapsed or came back shows at once
  const errorCode = () => syncState()?.status.error?.code ?? 'none';
  const [report, { mutate }] = createResource(errorCode, async (): Promise<Answer | null> => {
    const api = syncApi();
    return api ? api.billing() : null;
  });
  const actions = createPlanActions((r) => mutate({ ok: true, value: r }));
  return (
    <section class="sync-plan" aria-label="Plan and usage">
      <h4>Plan and usage</h4>
      <Show when={report.latest} fallback={<p>Loading the plan…</p>}>
        {(res) => (
          <Show
            when={res().ok && (res() as { value: BillingReport }).value}
            fallback={<p role="alert">{planError(res())}</p>}
          >
            {(r) => <PlanDetails report={r()} actions={actions} />}
          </Show>
        )}
      </Show>
    </section>
  );
}

function planError(res: Answer): string {
  const err = (res as { error?: { message?: string } }).error;
  return `The plan could not be read: ${err?.message ?? 'unknown error'}.`;
}

function PlanDetails(props: { report: BillingReport; actions: ReturnType<typeof createPlanActions> }) {
  const r = () => props.report;
  const limit = () => r().limits?.storageBytes ?? 0;
  const used = () => r().usage.storageBytes;
  const a = props.actions;
  return (
    <>
      <p data-testid="sync-plan">
        {r().plan ? PLAN_NAMES[r().plan!] : 'No plan'} · {STATUS_WORDS[r().status]}
        {r().syncAllowed ? '' : ' · sync stopped'}
      </p>
      <Show when={planAdvice(r())}>{(text) => <p data-testid="plan-advice">{text()}</p>}</Show>
      <Show when={limit() > 0}>
        <label class="sync-usage">
          Storage: {formatBytes(used())} of {formatBytes(limit())}
          <progress max={limit()} value={Math.min(used(), limit())} />
        </label>
      </Show>
      <p>
        Vaults: {r().usage.vaults}
        {r().limits?.vaultLimit != null ? ` of ${r().limits!.vaultLimit}` : ' (no limit)'}
        <Show when={r().limits}>
          {(l) => (
            <>
              {' '}
              · files up to {formatBytes(l().fileBytes)} · history {l().versionHistoryDays} days
            </>
          )}
        </Show>
      </p>
      <Show when={r().expiresAt}>
        {(at) => (
          <p>
            {r().syncAllowed ? 'Renews or ends on' : 'Ended on'} {new Date(at()).toLocaleDateString()}.
          </p>
        )}
      </Show>
      <div class="sync-plan-actions">
        <Show when={r().checkoutAvailable && (!r().syncAllowed || r().plan !== 'believer')}>
          <button type="button" onClick={() => void a.upgrade()}>
            {r().syncAllowed ? 'Change plan' : 'Upgrade'}
          </button>
        </Show>
        <Show when={r().portalAvailable}>
          <button type="button" onClick={() => void a.manage()}>
            Manage billing
          </button>
        </Show>
      </div>
      <Show when={a.waiting()}>
        <p role="status" class="sync-plan-waiting">
          Waiting for the payment in the other window… The plan shows here as soon as it is paid.
        </p>
        <button type="button" onClick={() => void a.check()}>
          I have paid
        </button>
      </Show>
      <Show when={a.error()}>{(e) => <p role="alert">{e()}</p>}</Show>
    </>
  );
}
