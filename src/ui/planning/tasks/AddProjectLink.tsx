import { createSignal, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { writeOp } from '../shared/callOp';

interface Captured {
  title: string;
  preview: { available: boolean };
}

/** An http(s) address, else why not: the worker would refuse it too, this says it before the call. */
export function checkWebAddress(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'Enter a full web address, such as https://example.com/page.';
  }
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? null
    : 'Only http:// and https:// addresses can be added.';
}

/**
 * "Add link": a web address becomes a link note linked to the project (tasks.captureUrlToProject;
 * the page's title when it can be read, the address otherwise). A bad address or a refusal shows
 * under the field and nothing is written.
 */
export function AddProjectLink(props: { client: VaultClient; projectId: string }) {
  const [url, setUrl] = createSignal('');
  const [error, setError] = createSignal('');
  const [done, setDone] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const errorId = `add-link-error-${props.projectId}`;
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setDone('');
    const bad = checkWebAddress(url());
    setError(bad ?? '');
    if (bad !== null) return;
    setBusy(true);
    const res = await writeOp<Captured>(
      props.client,
      'tasks.captureUrlToProject',
      props.projectId,
      url().trim(),
    );
    setBusy(false);
    if (!res.ok) return setError(res.error.message);
    setUrl('');
    setDone(
      `Added the link “${res.value.title}”${res.value.preview.available ? '' : ' (no page preview: offline or not readable)'}.`,
    );
  }
  return (
    <form class="add-project-item" aria-label="Add link" onSubmit={(e) => void submit(e)}>
      <input
        type="text"
        inputmode="url"
        aria-label="Link address"
        placeholder="https://…"
        value={url()}
        aria-invalid={error() !== ''}
        aria-describedby={error() ? errorId : undefined}
        onInput={(e) => setUrl(e.currentTarget.value)}
      />
      <button type="submit" disabled={busy()}>
        {busy() ? 'Adding…' : 'Add link'}
      </button>
      <Show when={error()}>
        <p id={errorId} class="field-error" role="alert">
          {error()}
        </p>
      </Show>
      <Show when={done()}>
        <p role="status">{done()}</p>
      </Show>
    </form>
  );
}
