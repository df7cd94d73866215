import { createSignal, For, Show } from 'solid-js';
import type { AppError } from '../../shared/result';
import { readOp } from '../planning/shared/callOp';
import { createLiveValue } from '../planning/shared/createLiveValue';
import type { VaultClient } from '../vault/createVaultClient';
import { reconciledValueStorage } from '../vault/reconciledStorage';
import type { FolderSettings as Settings } from './createFolderConfig';
import './folderSettings.css';

interface Props {
  client: VaultClient;
  folder: string;
  config: Settings | null;
  save: (patch: { templateId: string | null }) => Promise<AppError | null>;
  onError: (e: AppError | null) => void;
}

/**
 * The open folder's settings beside its sort: the template New note starts from here
 * (notes.setFolderConfig). Templates are read only while the panel is open.
 */
export function FolderSettings(props: Props) {
  const [open, setOpen] = createSignal(false);
  const templates = createLiveValue(
    props.client,
    ['templates'],
    open,
    async (isOpen) =>
      isOpen
        ? readOp<{ templates: { id: string; name: string }[] }>(props.client, 'templates.list')
        : { ok: true as const, value: { templates: [] } },
    // Reconciled: a template added or renamed elsewhere keeps the other options, so the select
    // still shows the folder's choice instead of its first option.
    reconciledValueStorage<{ templates: { id: string; name: string }[] }>('id'),
  );
  async function choose(value: string) {
    const err = await props.save({ templateId: value === '' ? null : value });
    props.onError(err);
  }
  return (
    <div class="folder-settings">
      <button type="button" aria-expanded={open()} onClick={() => setOpen((v) => !v)}>
        Folder settings
      </button>
      <Show when={open()}>
        <fieldset class="folder-settings-panel">
          <legend>Settings of {props.folder || 'Vault root'}</legend>
          {/* Rendered once the templates are read, so the stored choice finds its option. */}
          <Show when={props.config && templates.data()} fallback={<p>Loading…</p>}>
            {(list) => (
              <label>
                Template for new notes
                <select
                  value={props.config?.templateId ?? ''}
                  onChange={(e) => void choose(e.currentTarget.value)}
                >
                  <option value="">None (empty note)</option>
                  <For each={list().templates}>{(t) => <option value={t.id}>{t.name}</option>}</For>
                </select>
              </label>
            )}
          </Show>
          <Show when={templates.error()}>{(e) => <p role="alert">{e().message}</p>}</Show>
        </fieldset>
      </Show>
    </div>
  );
}
