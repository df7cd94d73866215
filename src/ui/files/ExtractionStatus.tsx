import { Match, Switch } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { createFileTextStatus } from './createFileTextStatus';

/** The text-extraction line of a filed PDF or image: reading, read (how many pages), or why not. */
export function ExtractionStatus(props: { client: VaultClient; id: string; kind: 'pdf' | 'image' }) {
  const status = createFileTextStatus(props.client, () => props.id);
  return (
    <p class="extraction-status" role="status" data-status={status()?.status ?? 'loading'}>
      <Switch>
        <Match when={status()?.status === 'extracting' && status()?.progress}>
          {(p) => (
            <>
              Reading scanned pages: page {p().page} of {p().page_count}…{' '}
              <progress max={p().page_count} value={p().page} aria-label="Text extraction progress" />
            </>
          )}
        </Match>
        <Match when={status()?.status === 'extracting'}>Extracting text…</Match>
        <Match when={status()?.status === 'done' && props.kind === 'pdf'}>
          Text extracted: {status()?.page_count} {status()?.page_count === 1 ? 'page' : 'pages'}
          {ocrNote(status()?.ocr_pages?.length ?? 0, status()?.unread_pages?.length ?? 0)}
        </Match>
        <Match when={status()?.status === 'done'}>Text extracted</Match>
        <Match when={status()?.status === 'failed'}>
          <span class="extraction-failed">Text extraction failed: {status()?.reason}</span>
        </Match>
      </Switch>
    </p>
  );
}

/** How much of a PDF's text came from OCR of scanned pages, and what was left unread (the cap). */
function ocrNote(ocr: number, unread: number): string {
  const parts: string[] = [];
  if (ocr > 0) parts.push(`${ocr} scanned ${ocr === 1 ? 'page' : 'pages'} read by OCR`);
  if (unread > 0)
    parts.push(`${unread} scanned ${unread === 1 ? 'page' : 'pages'} not read (limit per file)`);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}
