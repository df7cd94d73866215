import { createSignal, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { NotePicker } from '../tasks/NotePicker';
import { ItemEditForm } from './ItemEditForm';
import type { ItemActions } from './inboxActions';
import type { InboxEntry } from './inboxTypes';
import { TagForm } from './TagForm';
import { WhenForm } from './WhenForm';

/**
 * The less frequent actions on an open item, behind one "More" disclosure so the row stays short
 * on a phone: convert to an event or a reminder (with its time), add to an existing note, tag,
 * mark viewed, and on a recording, retry its transcription; and the item's own title and text.
 */
export function ItemMore(props: { item: InboxEntry; actions: ItemActions; client: VaultClient }) {
  const [open, setOpen] = createSignal(false);
  const it = () => props.item;
  const panelId = () => `inbox-more-${it().id}`;
  return (
    <>
      <button
        type="button"
        aria-expanded={open()}
        aria-controls={panelId()}
        aria-label={`More actions for ${it().title}`}
        onClick={() => setOpen(!open())}
      >
        More
      </button>
      <Show when={open()}>
        <fieldset class="inbox-more" id={panelId()}>
          <legend class="visually-hidden">More actions for {it().title}</legend>
          <ItemEditForm
            item={it()}
            client={props.client}
            onSave={(patch) => props.actions.update(it(), patch)}
          />
          <WhenForm
            label={`Event time for ${it().title}`}
            action="To event"
            actionLabel={`Convert ${it().title} to event`}
            onSubmit={(iso) => props.actions.toEvent(it(), iso)}
          />
          <WhenForm
            label={`Reminder time for ${it().title}`}
            action="To reminder"
            actionLabel={`Convert ${it().title} to reminder`}
            onSubmit={(iso) => props.actions.toReminder(it(), iso)}
          />
          <NotePicker
            client={props.client}
            label={`Add ${it().title} to a note`}
            onPick={(id, title) => void props.actions.linkToNote(it(), id, title)}
          />
          <TagForm
            label={`Tag for ${it().title}`}
            action="Add tag"
            actionLabel={`Add tag to ${it().title}`}
            onAdd={(tag) => props.actions.addTag(it(), tag)}
          />
          <div class="inbox-actions">
            <Show when={it().viewedAt === null}>
              <button
                type="button"
                aria-label={`Mark ${it().title} viewed`}
                onClick={() => void props.actions.markViewed(it())}
              >
                Mark viewed
              </button>
            </Show>
            <Show when={it().type === 'voice'}>
              <button
                type="button"
                aria-label={`Retry transcription of ${it().title}`}
                onClick={() => void props.actions.retryTranscription(it())}
              >
                Retry transcription
              </button>
            </Show>
          </div>
        </fieldset>
      </Show>
    </>
  );
}
