import { base64 } from '@scure/base';
import { createSignal, Show } from 'solid-js';
import { readOp, writeOp } from '../planning/shared/callOp';
import type { VaultClient } from '../vault/createVaultClient';
import { saveDownload } from './saveDownload';

interface Props {
  client: VaultClient;
  noteId: string;
}

type Format = 'Markdown' | 'HTML' | 'PDF';

/** The file one export makes: its bytes, type and extension. */
async function exportFile(client: VaultClient, id: string, format: Format) {
  if (format === 'Markdown') {
    const r = await readOp<{ title: string; content: string }>(client, 'notes.get', id);
    return r.ok
      ? {
          ok: true as const,
          title: r.value.title,
          blob: new Blob([r.value.content], { type: 'text/markdown' }),
          ext: 'md',
        }
      : r;
  }
  if (format === 'HTML') {
    const r = await writeOp<{ title: string; html: string }>(client, 'notes.exportHtml', id);
    return r.ok
      ? {
          ok: true as const,
          title: r.value.title,
          blob: new Blob([r.value.html], { type: 'text/html' }),
          ext: 'html',
        }
      : r;
  }
  const r = await writeOp<{ title: string; pdf: string; replacedCharacters: number }>(
    client,
    'notes.exportPdf',
    id,
  );
  if (!r.ok) return r;
  const bytes = base64.decode(r.value.pdf);
  const blob = new Blob([new Uint8Array(bytes)], { type: 'application/pdf' });
  return { ok: true as const, title: r.value.title, blob, ext: 'pdf', replaced: r.value.replacedCharacters };
}

/**
 * "Export as Markdown / HTML / PDF": each downloads a file named after the note. Plain signals
 * only (no resource): this sits inside the editor's Suspense boundary.
 */
export function NoteExports(props: Props) {
  const [busy, setBusy] = createSignal<Format | null>(null);
  const [note, setNote] = createSignal<string | null>(null);
  const [error, setError] = createSignal<string | null>(null);

  async function run(format: Format) {
    setBusy(format);
    setError(null);
    setNote(null);
    try {
      const res = await exportFile(props.client, props.noteId, format);
      if (!res.ok) {
        setError(`Export as ${format} failed: ${res.error.message}`);
        return;
      }
      saveDownload(res.blob, `${res.title}.${res.ext}`);
      const replaced = 'replaced' in res ? (res.replaced ?? 0) : 0;
      if (replaced > 0)
        setNote(`${replaced} character${replaced === 1 ? '' : 's'} the PDF font lacks appear as □.`);
    } catch (err) {
      setError(`Export as ${format} failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {(['Markdown', 'HTML', 'PDF'] as const).map((format) => (
        <button type="button" disabled={busy() !== null} onClick={() => void run(format)}>
          Export as {format}
        </button>
      ))}
      <Show when={busy()}>{(f) => <span role="status">Exporting as {f()}…</span>}</Show>
      <Show when={note()}>{(m) => <span role="status">{m()}</span>}</Show>
      <Show when={error()}>
        {(m) => (
          <span class="error" role="alert">
            {m()}
          </span>
        )}
      </Show>
    </>
  );
}
