import { createSignal, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { toBase64 } from '../inbox/fileData';
import { writeOp } from '../shared/callOp';

interface Imported {
  created: { name: string }[];
  refused: { name: string; reason: string }[];
}

/**
 * "Add files": the picked files are imported into the vault and linked to the project
 * (tasks.importFilesToProject), ONE call per file, so a progress line can count them and one
 * refused or unreadable file does not stop the others. The summary names what was refused and why.
 */
export function AddProjectFiles(props: { client: VaultClient; projectId: string }) {
  const [progress, setProgress] = createSignal<{ done: number; of: number } | null>(null);
  const [result, setResult] = createSignal('');
  const [refusals, setRefusals] = createSignal<string[]>([]);
  async function add(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    setResult('');
    setRefusals([]);
    let added = 0;
    const refused: string[] = [];
    for (const [i, file] of files.entries()) {
      setProgress({ done: i, of: files.length });
      const content = await toBase64(file).catch(() => null);
      if (content === null) {
        refused.push(`${file.name}: the file could not be read`);
        continue;
      }
      const res = await writeOp<Imported>(props.client, 'tasks.importFilesToProject', props.projectId, [
        { name: file.name, content, encoding: 'base64' },
      ]);
      if (!res.ok) refused.push(`${file.name}: ${res.error.message}`);
      else {
        added += res.value.created.length;
        for (const r of res.value.refused) refused.push(`${r.name}: ${r.reason}`);
      }
    }
    setProgress(null);
    setRefusals(refused);
    setResult(`Added ${added} ${added === 1 ? 'file' : 'files'} to the project.`);
  }
  return (
    <div class="add-project-item">
      <label class="button-link">
        Add files
        <input
          type="file"
          multiple
          class="visually-hidden"
          disabled={progress() !== null}
          onChange={(e) => void add(e.currentTarget)}
        />
      </label>
      <Show when={progress()}>
        {(p) => (
          <>
            <progress max={p().of} value={p().done} aria-label="Adding files" />
            <span role="status">
              Adding file {p().done + 1} of {p().of}…
            </span>
          </>
        )}
      </Show>
      <Show when={result()}>
        <p role="status">{result()}</p>
      </Show>
      <Show when={refusals().length > 0}>
        <ul class="field-error" role="alert" aria-label="Files not added">
          {refusals().map((r) => (
            <li>{r}</li>
          ))}
        </ul>
      </Show>
    </div>
  );
}
