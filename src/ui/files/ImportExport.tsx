import * as Comlink from 'comlink';
import { createSignal, For, Show } from 'solid-js';
import type { ImportProgress, ImportSource, ImportSummary } from '../../worker/stores/importer';
import type { VaultClient } from '../vault/createVaultClient';
import { createLastBackup } from './lastBackup';

interface Props {
  client: VaultClient;
  /** the folder shown now: imports land in it, "Export folder" exports it */
  folder: string | undefined;
}

/** Paths inside a picked folder, without the folder's own name (`Vault/a/b.md` → `a/b.md`). */
function sourcesOf(files: FileList, fromFolder: boolean): ImportSource[] {
  return [...files].map((file) => ({
    path: fromFolder ? file.webkitRelativePath.split('/').slice(1).join('/') : file.name,
    file,
    lastModified: file.lastModified,
  }));
}

/** A record type as the summary names it (`project_status` → `project status`). */
const recordLabel = (type: string) => type.replaceAll('_', ' ');

/** Import a folder (an Obsidian vault) or loose files, with progress; export the vault or a folder as a zip. */
export function ImportExport(props: Props) {
  const [progress, setProgress] = createSignal<ImportProgress | null>(null);
  const [summary, setSummary] = createSignal<ImportSummary | null>(null);
  const [failure, setFailure] = createSignal<string | null>(null);
  const [exporting, setExporting] = createSignal(false);
  const [exportProgress, setExportProgress] = createSignal<ImportProgress | null>(null);
  /** the running import's job id, for its Cancel button */
  const [importJob, setImportJob] = createSignal<string | null>(null);
  /** the running export's job id, for its Cancel button */
  const [exportJob, setExportJob] = createSignal<string | null>(null);
  /** a cancelled export or import: said, not an error */
  const [notice, setNotice] = createSignal<string | null>(null);
  const lastBackup = createLastBackup(() => props.client.info()?.id);

  async function run(sources: ImportSource[]) {
    if (sources.length === 0) return;
    setSummary(null);
    setFailure(null);
    setNotice(null);
    setProgress({ done: 0, total: sources.length });
    const jobId = crypto.randomUUID();
    setImportJob(jobId);
    try {
      const res = await props.client.api.importFiles(
        sources,
        props.folder ?? '',
        Comlink.proxy(setProgress),
        true,
        jobId,
      );
      if (res.ok) setSummary(res.value);
      else setFailure(res.error.message);
    } catch (err) {
      // a throw in the worker (not an error result) must not leave the progress bar up for ever
      setFailure(`Import failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setProgress(null);
      setImportJob(null);
    }
  }

  /** The input is read before the import awaits: `e.currentTarget` is null once the event ended. */
  function importFrom(input: HTMLInputElement, fromFolder: boolean) {
    if (!input.files) return;
    void run(sourcesOf(input.files, fromFolder)).finally(() => {
      input.value = '';
    });
  }

  async function exportZip(folder?: string) {
    setExporting(true);
    setFailure(null);
    setNotice(null);
    const jobId = crypto.randomUUID();
    setExportJob(jobId);
    try {
      const res = await props.client.api.exportZip(folder, Comlink.proxy(setExportProgress), jobId);
      if (!res.ok) {
        if (res.error.code === 'CANCELLED') setNotice(res.error.message);
        else setFailure(`Export failed: ${res.error.message}`);
        return;
      }
      const a = document.createElement('a');
      a.href = URL.createObjectURL(res.value);
      a.download = `${folder ? folder.replaceAll('/', ' - ') : 'Cairn vault'}.zip`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      if (!folder) lastBackup.record(Date.now());
    } catch (err) {
      setFailure(`Export failed: ${String(err)}`);
    } finally {
      setExporting(false);
      setExportProgress(null);
      setExportJob(null);
    }
  }

  return (
    <section class="import-export" aria-label="Import and export">
      <label class="file-button">
        Import folder…
        <input
          type="file"
          aria-label="Import a folder"
          // @ts-expect-error: webkitdirectory is a real attribute Solid does not type
          webkitdirectory=""
          multiple
          onChange={(e) => importFrom(e.currentTarget, true)}
        />
      </label>
      <label class="file-button">
        Import files…
        <input
          type="file"
          aria-label="Import files"
          multiple
          onChange={(e) => importFrom(e.currentTarget, false)}
        />
      </label>
      <button type="button" disabled={exporting()} onClick={() => void exportZip()}>
        Export vault (.zip)
      </button>
      <p class="last-backup" data-testid="last-backup">
        Last backup: {(() => {
          const at = lastBackup.at();
          return at === null ? 'never on this device' : new Date(at).toLocaleString();
        })()}
      </p>
      <Show when={props.folder}>
        {(f) => (
          <button type="button" disabled={exporting()} onClick={() => void exportZip(f())}>
            Export this folder
          </button>
        )}
      </Show>
      <Show when={progress()}>
        {(p) => (
          <div role="status" class="progress">
            <progress aria-label="Import progress" max={p().total} value={p().done} />
            <span>
              Importing {p().done} of {p().total}…
            </span>
            <button
              type="button"
              onClick={() => {
                const job = importJob();
                if (job) void props.client.api.cancelTransfer(job);
              }}
            >
              Cancel import
            </button>
          </div>
        )}
      </Show>
      <Show when={exportProgress()}>
        {(p) => (
          <div role="status" class="progress">
            <progress aria-label="Export progress" max={p().total} value={p().done} />
            <span>
              Exporting {p().done} of {p().total}…
            </span>
            <button
              type="button"
              onClick={() => {
                const job = exportJob();
                if (job) void props.client.api.cancelTransfer(job);
              }}
            >
              Cancel export
            </button>
          </div>
        )}
      </Show>
      <Show when={summary()}>
        {(s) => (
          <div role="status" class="import-summary">
            <Show when={s().cancelled}>
              <strong>Import cancelled.</strong> What is counted here was imported and stays; import the same
              files again to finish (what is already here is skipped).{' '}
            </Show>
            Imported {s().notes} notes and {s().files} files
            {s().canvases > 0 ? `, ${s().canvases} canvases` : ''}.
            {s().attachments > 0 ? ` ${s().attachments} attachments back with their notes.` : ''}
            <Show when={s().records}>
              {(r) => (
                <>
                  {` Restored ${r().restored} records`}
                  {r().identical > 0 ? ` (${r().identical} already in the vault, unchanged)` : ''}.
                  <Show when={r().sideBySide.length > 0}>
                    <details>
                      <summary>{r().sideBySide.length} kept beside a changed one</summary>
                      <ul>
                        <For each={r().sideBySide}>
                          {(x) => (
                            <li>
                              {recordLabel(x.type)} {x.id}: the vault's differs; restored as {x.as}
                            </li>
                          )}
                        </For>
                      </ul>
                    </details>
                  </Show>
                  <Show when={r().notRestored.length > 0}>
                    <details>
                      <summary>{r().notRestored.length} records not restored</summary>
                      <ul>
                        <For each={r().notRestored}>
                          {(x) => (
                            <li>
                              {recordLabel(x.type)} {x.id}: {x.reason}
                            </li>
                          )}
                        </For>
                      </ul>
                    </details>
                  </Show>
                </>
              )}
            </Show>
            <Show when={s().renamed.length > 0}>
              <details>
                <summary>{s().renamed.length} renamed</summary>
                <ul>
                  <For each={s().renamed}>
                    {(r) => (
                      <li>
                        {r.path} → {r.as}: {r.reason}
                      </li>
                    )}
                  </For>
                </ul>
              </details>
            </Show>
            <Show when={s().skipped.length > 0}>
              <details>
                <summary>{s().skipped.length} skipped</summary>
                <ul>
                  <For each={s().skipped}>
                    {(k) => (
                      <li>
                        {k.path}: {k.reason}
                      </li>
                    )}
                  </For>
                </ul>
              </details>
            </Show>
          </div>
        )}
      </Show>
      <Show when={notice()}>
        {(n) => (
          <p role="status" class="notice">
            {n()}
          </p>
        )}
      </Show>
      <Show when={failure()}>
        {(f) => (
          <p role="alert" class="error">
            {f()}
          </p>
        )}
      </Show>
    </section>
  );
}
