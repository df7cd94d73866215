import { createEffect, createResource, Match, on, onCleanup, Show, Switch } from 'solid-js';
import type { NoteHeader } from '../../worker/stores/notesStore';
import type { VaultClient } from '../vault/createVaultClient';
import { createFileTransfer } from './createFileTransfer';
import { ExtractionStatus } from './ExtractionStatus';
import { FileTransferStatus } from './FileTransferStatus';
import { PdfViewer } from './PdfViewer';

interface Props {
  client: VaultClient;
  file: NoteHeader;
}

/**
 * Shows a filed file: images inline, audio and video in players, PDFs page by page (pdf.js);
 * for PDFs and images, where reading their text stands.
 */
export function FileViewer(props: Props) {
  const [blob, { refetch }] = createResource(
    () => props.file.id,
    (id) => props.client.api.getFileBlob(id),
  );
  const transfer = createFileTransfer(props.client, () => props.file.id);
  // the bytes arrived (issue 15): show them without reopening the file
  createEffect(
    on(
      () => transfer.state()?.where,
      (where) => {
        if (where === 'local' && blob() === null) void refetch();
      },
    ),
  );
  const [url] = createResource(blob, (b) => URL.createObjectURL(b));
  onCleanup(() => {
    const u = url();
    if (u) URL.revokeObjectURL(u);
  });
  const kind = () => props.file.fileType;
  return (
    <div class="file-viewer">
      {/* text is read from the bytes: nothing to say of it before they are on this device */}
      <Show when={(kind() === 'pdf' || kind() === 'image') && blob()}>
        <ExtractionStatus
          client={props.client}
          id={props.file.id}
          kind={kind() === 'pdf' ? 'pdf' : 'image'}
        />
      </Show>
      <Show when={transfer.state()}>
        {(s) => <FileTransferStatus state={s()} onDownload={() => void transfer.download()} />}
      </Show>
      <Show when={blob() !== undefined}>
        <Show
          when={blob()}
          fallback={
            <Show when={!transfer.state()}>
              <p role="alert">The file’s contents are missing.</p>
            </Show>
          }
        >
          {(b) => (
            <Switch>
              <Match when={kind() === 'pdf'}>
                <PdfViewer blob={b()} title={props.file.title} />
              </Match>
              <Match when={kind() === 'image' && url()}>
                {(u) => <img src={u()} alt={props.file.title} />}
              </Match>
              <Match when={kind() === 'audio' && url()}>
                {/* biome-ignore lint/a11y/useMediaCaption: user files carry no caption track */}
                {(u) => <audio controls src={u()} aria-label={props.file.title} />}
              </Match>
              <Match when={kind() === 'video' && url()}>
                {/* biome-ignore lint/a11y/useMediaCaption: user files carry no caption track */}
                {(u) => <video controls src={u()} aria-label={props.file.title} />}
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
