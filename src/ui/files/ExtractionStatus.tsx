import { Match, Switch } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { createFileTextStatus } from './createFileTextStatus';

/** The text-extraction line of a filed PDF or image: reading, read (how many pages), or why not. */
export function ExtractionStatus(props: { client: VaultClient; id: string; kind: 'pdf' | 'image' }) {
  const status = createFileTextStatus(props.client, () => props.id);
  return (
    <p class="extraction-status" role="status" data-status={status()?.status ?? 'loading'}>
      <Switch>
        <Match when={status()?.status === 'extracting'}>Extracting text…</Match>
        <Match when={status()?.status === 'done' && props.kind === 'pdf'}>
          Text extracted: {status()?.page_count} {status()?.page_count === 1 ? 'page' : 'pages'}
        </Match>
        <Match when={status()?.status === 'done'}>Text extracted</Match>
        <Match when={status()?.status === 'failed'}>
          <span class="extraction-failed">Text extraction failed: {status()?.reason}</span>
        </Match>
      </Switch>
    </p>
  );
}
