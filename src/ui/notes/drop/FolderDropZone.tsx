import { createSignal, type JSX } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { createFileDrop } from './createFileDrop';
import { DropStatus } from './DropStatus';
import { carriesFiles } from './droppedFiles';

interface Props {
  client: VaultClient;
  /** where dropped files go: the folder shown ('' is the vault root) */
  folder: string;
  children: JSX.Element;
}

/** The note list as a drop target: files dropped on it are imported into the folder shown. */
export function FolderDropZone(props: Props) {
  const drop = createFileDrop(props.client);
  const [over, setOver] = createSignal(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; keyboard users import with the "Import files" button
    <div
      class="drop-zone"
      data-dragging={over() ? 'true' : undefined}
      onDragOver={(e) => {
        if (!carriesFiles(e.dataTransfer)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        const files = [...(e.dataTransfer?.files ?? [])];
        setOver(false);
        if (files.length === 0) return;
        e.preventDefault();
        void drop.intoFolder(files, props.folder);
      }}
    >
      <DropStatus drop={drop} />
      {props.children}
    </div>
  );
}
