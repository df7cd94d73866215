import { createResource, For, Show } from 'solid-js';
import { auditSource } from './auditSource';
import './agent.css';

const SHOWN = 50;

/** Settings: the newest agent approval decisions of this vault on this device. */
export function AuditLog() {
  const [entries, { refetch }] = createResource(auditSource, (load) => load(SHOWN), { initialValue: [] });
  return (
    <section class="agent-audit" aria-label="Agent activity">
      <h3>Agent activity</h3>
      <Show when={entries().length > 0} fallback={<p>No agent has asked to change this vault yet.</p>}>
        <table>
          <thead>
            <tr>
              <th>When</th>
              <th>Decision</th>
              <th>Tool</th>
              <th>Caller</th>
              <th>What</th>
            </tr>
          </thead>
          <tbody>
            <For each={entries()}>
              {(e) => (
                <tr data-testid="audit-row">
                  <td>{new Date(e.at).toLocaleString()}</td>
                  <td>
                    {{ once: 'Allowed once', tab: 'Allowed for tab', deny: 'Denied' }[e.decision] ??
                      e.decision}
                  </td>
                  <td>
                    <code>{e.tool}</code>
                  </td>
                  <td>{e.caller}</td>
                  <td title={e.argumentsJson}>{e.summary}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </Show>
      <button type="button" onClick={() => void refetch()}>
        Refresh
      </button>
    </section>
  );
}
