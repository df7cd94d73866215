import { createEffect, For, Show } from 'solid-js';
import { describeCaller } from '../../worker/agent/describeCaller';
import { diffLineKind, splitLongTexts } from './approvalView';
import type { ApprovalQueue, PendingApproval } from './createApprovalQueue';
import './agent.css';

/**
 * The in-app approval dialog (a modal <dialog>, accessible name "Agent request"). It shows the
 * caller, the tool, the summary, the exact arguments and, for edits, the diff. "Allow for this
 * tab" is not offered for deletes. Escape and closing (its Close button) deny.
 */
export function ApprovalDialog(props: { queue: ApprovalQueue }) {
  let dialog!: HTMLDialogElement;
  createEffect(() => {
    const open = props.queue.current() !== null;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  });
  const denyCurrent = () => {
    const p = props.queue.current();
    if (p !== null) props.queue.decide(p.id, 'deny', { isTrusted: true });
  };
  return (
    <dialog
      ref={dialog}
      class="agent-request"
      aria-label="Agent request"
      onCancel={(e) => {
        e.preventDefault();
        denyCurrent();
      }}
      onClose={denyCurrent}
    >
      <Show when={props.queue.current()} keyed>
        {(p: PendingApproval) => (
          <>
            {/* Closing the dialog is a denial (onClose), like Escape. */}
            <button type="button" class="agent-close" aria-label="Close" onClick={() => dialog.close()}>
              ×
            </button>
            <h2>An agent asks to change your vault</h2>
            <dl>
              <dt>Caller</dt>
              <dd data-testid="agent-caller">{describeCaller(p.request.caller)}</dd>
              <dt>Tool</dt>
              <dd>
                <code>{p.request.tool}</code>
              </dd>
              <dt>What</dt>
              <dd data-testid="agent-summary">{p.request.summary}</dd>
            </dl>
            {/* What would change comes first: the arguments are the detail behind it. */}
            <Show when={p.request.diff}>
              {(diff) => (
                <>
                  <h3>Changes</h3>
                  {/* Each line keeps its +/- sign as text: colour is not the only cue. */}
                  <pre class="agent-diff">
                    <For each={diff().split('\n')}>
                      {(line, i) => (
                        <>
                          {i() > 0 ? '\n' : ''}
                          <span class={`agent-diff-${diffLineKind(line)}`}>{line}</span>
                        </>
                      )}
                    </For>
                  </pre>
                </>
              )}
            </Show>
            <h3>Arguments</h3>
            {(() => {
              const args = splitLongTexts(p.request.arguments);
              return (
                <>
                  <pre class="agent-args">{args.json}</pre>
                  <For each={args.texts}>
                    {(t) => (
                      <>
                        <h4 class="agent-text-name">{t.path}</h4>
                        <pre class="agent-text">{t.text}</pre>
                      </>
                    )}
                  </For>
                </>
              );
            })()}
            <p class="agent-more">
              <Show when={props.queue.pending().length > 1}>
                {props.queue.pending().length - 1} more waiting.{' '}
              </Show>
              Unanswered requests are denied after two minutes.
            </p>
            <div class="agent-actions">
              <button type="button" class="primary" onClick={(e) => props.queue.decide(p.id, 'once', e)}>
                Allow once
              </button>
              <Show when={!p.request.destructive}>
                <button type="button" onClick={(e) => props.queue.decide(p.id, 'tab', e)}>
                  Allow for this tab
                </button>
              </Show>
              <button type="button" class="danger" onClick={(e) => props.queue.decide(p.id, 'deny', e)}>
                Deny
              </button>
            </div>
          </>
        )}
      </Show>
    </dialog>
  );
}
