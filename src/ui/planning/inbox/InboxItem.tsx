import { For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { CaptureFile } from './CaptureFile';
import { ItemMore } from './ItemMore';
import type { ItemActions } from './inboxActions';
import type { InboxEntry } from './inboxTypes';
import { waitsForOnline } from './offlinePreviews';
import { Suggestions } from './Suggestions';

const FILE_TYPES = new Set(['image', 'voice', 'pdf']);

const ACTIONS: Record<string, string> = {
  file: 'Filed',
  convertToTask: 'Made a task',
  convertToNote: 'Made a note',
  convertToEvent: 'Made an event',
  convertToReminder: 'Made a reminder',
  linkToNote: 'Added to a note',
};

/** Where a filed item went, by the name the worker resolved (`intoName`). */
function placeOf(item: InboxEntry): string | null {
  const into = item.history?.at(-1)?.into;
  if (!into) return null;
  if (into.startsWith('folder:')) return into === 'folder:' ? 'the vault root' : `folder ${into.slice(7)}`;
  return item.intoName ? `project ${item.intoName}` : 'a deleted project';
}

/** "Made a task in project Errands, 21/11/2026, 10:00". */
function filedLine(item: InboxEntry, at: string): string {
  const place = placeOf(item);
  const how = ACTIONS[item.filedAction ?? ''] ?? 'Filed';
  return `${how}${place ? ` in ${place}` : ''}, ${new Date(at).toLocaleString()}`;
}

/** One inbox item with the actions its list allows; every button names the item it acts on. */
export function InboxItem(props: {
  item: InboxEntry;
  actions: ItemActions;
  client: VaultClient;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const it = () => props.item;
  const open = () => it().bucket === 'open' || it().bucket === 'snoozed';
  return (
    <li class="inbox-item" data-type={it().type} data-viewed={it().viewedAt !== null}>
      <Show when={open()}>
        <input
          type="checkbox"
          class="inbox-select"
          aria-label={`Select ${it().title}`}
          checked={props.selected}
          onChange={(e) => props.onSelect(e.currentTarget.checked)}
        />
      </Show>
      <div class="inbox-text">
        <strong>{it().title}</strong>
        <Show when={it().type === 'link' && it().source}>
          {(url) => (
            <a href={url()} target="_blank" rel="noopener noreferrer">
              {url()}
            </a>
          )}
        </Show>
        <Show when={waitsForOnline(it())}>
          <p class="task-meta">No preview yet: you are offline. It is fetched when you are back online.</p>
        </Show>
        <Show when={it().type === 'link' && it().description}>
          <p class="snippet link-preview">{it().description}</p>
        </Show>
        <Show when={it().type === 'clip' && it().sourceTitle}>
          <p class="task-meta">Clipped from {it().sourceTitle}</p>
        </Show>
        <Show when={FILE_TYPES.has(it().type)}>
          <CaptureFile client={props.client} item={it()} />
        </Show>
        <Show when={it().snippet && it().snippet !== it().title}>
          <p class="snippet">{it().snippet}</p>
        </Show>
        <Show when={it().snoozedUntil}>
          <p class="task-meta">Snoozed until {new Date(it().snoozedUntil!).toLocaleString()}</p>
        </Show>
        <Show when={it().filedAt}>{(at) => <p class="task-meta">{filedLine(it(), at())}</p>}</Show>
        <Show when={it().tags.length > 0}>
          <ul class="inbox-tags" aria-label={`Tags of ${it().title}`}>
            <For each={it().tags}>
              {(tag) => (
                <li>
                  #{tag}
                  <Show when={open()}>
                    <button
                      type="button"
                      class="dismiss"
                      aria-label={`Remove tag ${tag} from ${it().title}`}
                      onClick={() => void props.actions.removeTag(it(), tag)}
                    >
                      ✕
                    </button>
                  </Show>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </div>
      <div class="inbox-actions">
        <Show
          when={open()}
          fallback={
            <>
              <Show when={it().bucket === 'filed'}>
                <button
                  type="button"
                  aria-label={`Put ${it().title} back in the inbox`}
                  onClick={() => void props.actions.putBack(it())}
                >
                  Put back
                </button>
              </Show>
              <Show when={it().bucket === 'archived'}>
                <button
                  type="button"
                  aria-label={`Restore ${it().title}`}
                  onClick={() => void props.actions.restore(it())}
                >
                  Restore
                </button>
              </Show>
              <button
                type="button"
                class="danger"
                aria-label={`Delete ${it().title}`}
                onClick={() => void props.actions.remove(it())}
              >
                Delete
              </button>
            </>
          }
        >
          <button
            type="button"
            aria-label={`Convert ${it().title} to task`}
            onClick={() => void props.actions.toTask(it())}
          >
            To task
          </button>
          <button
            type="button"
            aria-label={`Convert ${it().title} to note`}
            onClick={() => void props.actions.toNote(it())}
          >
            To note
          </button>
          <Show
            when={it().bucket === 'snoozed'}
            fallback={
              <button
                type="button"
                aria-label={`Snooze ${it().title} until tomorrow`}
                onClick={() => void props.actions.snooze(it(), 1)}
              >
                Tomorrow
              </button>
            }
          >
            <button
              type="button"
              aria-label={`Unsnooze ${it().title}`}
              onClick={() => void props.actions.unsnooze(it())}
            >
              Unsnooze
            </button>
          </Show>
          <Suggestions
            client={props.client}
            item={it()}
            onFile={(target, label) => void props.actions.file(it(), target, label)}
          />
          <button
            type="button"
            aria-label={`Archive ${it().title}`}
            onClick={() => void props.actions.archive(it())}
          >
            Archive
          </button>
          <ItemMore item={it()} actions={props.actions} client={props.client} />
        </Show>
      </div>
    </li>
  );
}
