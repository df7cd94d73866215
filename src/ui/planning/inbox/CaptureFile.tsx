import { createResource, onCleanup, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { fromBase64 } from './fileData';
import type { InboxEntry } from './inboxTypes';

/** An image, voice or PDF capture's file, shown where it can be: a picture, a player, a link. */
export function CaptureFile(props: { client: VaultClient; item: InboxEntry }) {
  const [url] = createResource(
    () => props.item.id,
    async (id) => {
      const res = await readOp<{ data: string; mimeType: string }>(props.client, 'inbox.getAttachment', id);
      return res.ok ? URL.createObjectURL(fromBase64(res.value.data, res.value.mimeType)) : null;
    },
  );
  onCleanup(() => {
    const u = url();
    if (u) URL.revokeObjectURL(u);
  });
  return (
    <Show when={url()}>
      {(u) => (
        <div class="capture-file">
          <Show when={props.item.type === 'image'}>
            <img src={u()} alt={props.item.title} loading="lazy" />
          </Show>
          <Show when={props.item.type === 'voice'}>
            {/* biome-ignore lint/a11y/useMediaCaption: a recording has no transcript to caption (no model ships); the note below says so */}
            <audio controls src={u()} aria-label={`Recording ${props.item.title}`} />
            <p class="task-meta">
              Not transcribed: no transcription model ships with Cairn. The recording is kept.
            </p>
          </Show>
          <Show when={props.item.type === 'pdf'}>
            <a href={u()} target="_blank" rel="noopener">
              Open PDF {props.item.title}
            </a>
          </Show>
        </div>
      )}
    </Show>
  );
}
