import { createResource, Match, onCleanup, Show, Switch } from 'solid-js';
import type { NoteHeader } from '../../worker/stores/notesStore';
import type { VaultClient } from '../vault/createVaultClient';

interface Props {
  client: VaultClient;
  file: NoteHeader;
}

/** Shows a filed file: images inline, audio and video in players, PDFs in the browser's viewer. */
export function FileViewer(props: Props) {
  const [url] = createResource(
    () => props.file.id,
    async (id) => {
      const blob = await props.client.api.getFileBlob(id);
      return blob ? URL.createObjectURL(blob) : null;
    },
  );
  onCleanup(() => {
    const u = url();
    if (u) URL.revokeObjectURL(u);
  });
  return (
    <div class="file-viewer">
      <Show when={url() !== undefined}>
        <Show when={url()} fallback={<p role="alert">The file’s contents are missing.</p>}>
          {(u) => (
            <Switch>
              <Match when={props.file.fileType === 'image'}>
                <img src={u()} alt={props.file.title} />
              </Match>
              <Match when={props.file.fileType === 'audio'}>
                {/* biome-ignore lint/a11y/useMediaCaption: user files carry no caption track */}
                <audio controls src={u()} aria-label={props.file.title} />
              </Match>
              <Match when={props.file.fileType === 'video'}>
                {/* biome-ignore lint/a11y/useMediaCaption: user files carry no caption track */}
                <video controls src={u()} aria-label={props.file.title} />
              </Match>
              <Match when={props.file.fileType === 'pdf'}>
                <object
                  data={u()}
                  type="application/pdf"
                  title={props.file.title}
                  aria-label={props.file.title}
                >
                  <a href={u()} download={props.file.title}>
                    Download {props.file.title}
                  </a>
                </object>
              </Match>
            </Switch>
          )}
        </Show>
      </Show>
      <p class="file-meta">
        {props.file.mime} · {((props.file.size ?? 0) / 1024).toFixed(1)} KB
      </p>
    </div>
  );
}
