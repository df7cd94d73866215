import * as Comlink from 'comlink';
import { createSignal } from 'solid-js';
import type { ImportProgress } from '../../../worker/stores/importer';
import type { VaultClient } from '../../vault/createVaultClient';
import { refusalMessage, sortFiles } from './droppedFiles';

export interface DropMessage {
  kind: 'status' | 'alert';
  text: string;
}

/**
 * Files dropped or pasted: into a folder (the note list: imported as notes and filed files), or
 * into the open note (the editor: attachments, embedded at the cursor; a markdown file becomes a
 * note beside it, linked). A drop holding any file of none of the five kinds changes nothing.
 */
export function createFileDrop(client: VaultClient) {
  const [message, setMessage] = createSignal<DropMessage | null>(null);
  const [progress, setProgress] = createSignal<ImportProgress | null>(null);
  const alert = (text: string): void => {
    setMessage({ kind: 'alert', text });
  };

  return {
    message,
    progress,
    dismiss: () => setMessage(null),

    async intoFolder(files: readonly File[], folder: string): Promise<void> {
      const sorted = sortFiles(files);
      if (sorted.refused.length > 0) return alert(refusalMessage(sorted.refused));
      if (sorted.accepted.length === 0) return;
      setMessage(null);
      const sources = sorted.accepted.map((d) => ({
        path: d.name,
        file: d.file,
        lastModified: d.file.lastModified,
      }));
      setProgress({ done: 0, total: sources.length });
      const res = await client.api.importFiles(sources, folder, Comlink.proxy(setProgress));
      setProgress(null);
      if (!res.ok) return alert(res.error.message);
      const { notes, files: filed, skipped } = res.value;
      const extra =
        skipped.length > 0 ? ` Skipped: ${skipped.map((k) => `${k.path} (${k.reason})`).join(', ')}.` : '';
      setMessage({
        kind: 'status',
        text: `Added ${notes} ${notes === 1 ? 'note' : 'notes'} and ${filed} ${filed === 1 ? 'file' : 'files'}.${extra}`,
      });
    },

    /** Attaches to note `noteId`, then calls `insert` once with the embeds (one per line). */
    async intoNote(
      files: readonly File[],
      pasted: boolean,
      noteId: string,
      folder: string,
      insert: (text: string) => void,
    ): Promise<void> {
      const sorted = sortFiles(files, pasted);
      if (sorted.refused.length > 0) return alert(refusalMessage(sorted.refused));
      const embeds: string[] = [];
      let done = 0;
      setMessage(null);
      setProgress({ done, total: sorted.accepted.length });
      try {
        for (const d of sorted.accepted) {
          if (d.type === 'markdown') {
            const res = await client.api.importFiles(
              [{ path: d.name, file: d.file }],
              folder,
              Comlink.proxy(() => {}),
            );
            if (!res.ok) return alert(res.error.message);
            for (const c of res.value.created) embeds.push(`[[${c.title}]]`);
          } else {
            const res = await client.api.uploadAttachment(noteId, d.name, d.file);
            if (!res.ok) return alert(`${d.name}: ${res.error.message}`);
            embeds.push(res.value.embed);
          }
          setProgress({ done: ++done, total: sorted.accepted.length });
        }
      } finally {
        setProgress(null);
        // Whatever was stored before a refusal is still embedded, so nothing is left unreferenced.
        if (embeds.length > 0) insert(embeds.join('\n'));
      }
      if (embeds.length > 0)
        setMessage({
          kind: 'status',
          text: `Attached ${embeds.length === 1 ? embeds[0] : `${embeds.length} files`}.`,
        });
    },
  };
}

export type FileDrop = ReturnType<typeof createFileDrop>;
