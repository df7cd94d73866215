import type { EditorView } from '@codemirror/view';
import Trash from 'lucide-solid/icons/trash';
import { createEffect, createSignal, lazy, onCleanup, Show, Suspense } from 'solid-js';
import { FileViewer } from '../files/FileViewer';
import { createDrafts } from '../forms/createDrafts';
import { localGraphHref } from '../graph/graphSection';
import { createFollowLink } from '../links/createFollowLink';
import { LinksPanel } from '../links/LinksPanel';
import { BookmarkToggle } from '../planning/bookmarks/BookmarkToggle';
import { ApplyTemplate } from '../planning/templates/ApplyTemplate';
import { PropertiesPanel } from '../properties/PropertiesPanel';
import { NoteTagChips } from '../tags/NoteTagChips';
import type { VaultClient } from '../vault/createVaultClient';
import { AttachmentsPanel } from './AttachmentsPanel';
import { createNoteDoc } from './createNoteDoc';
import { createNoteDraft } from './createNoteDraft';
import { createPreviewHost } from './createPreviewHost';
import { createFileDrop } from './drop/createFileDrop';
import { DropStatus } from './drop/DropStatus';
import type { OnFiles } from './drop/fileDropExtension';
import { isFresh, mayTakeFocus, touched } from './freshNotes';
import { LinkedTasks } from './LinkedTasks';
import type { PreviewHost } from './livePreview/previewHost';
import { NoteMenu } from './NoteMenu';
import { cancelTypeahead, replayKeys, takeTypeahead } from './newNoteTypeahead';
import { createSaveLabel } from './saveLabel';
import { VersionsDialog } from './VersionsDialog';

const MarkdownEditor = lazy(() => import('./MarkdownEditor'));

interface Props {
  client: VaultClient;
  id: string;
  onClose: () => void;
  onDelete: (id: string, title: string) => void;
  /** opens another note (a link followed, a backlink chosen) */
  onOpen: (id: string) => void;
}

/** The open item: a markdown note in the CRDT editor, or a filed file in its viewer. */
export default function NoteEditor(props: Props) {
  const draft = createNoteDraft(props.client, props.id);
  const [showHistory, setShowHistory] = createSignal(false);
  const [saveState, setSaveState] = createSignal('');
  const [linkError, setLinkError] = createSignal<string | null>(null);
  const follow = createFollowLink(props.client, props.id, props.onOpen, setLinkError);
  const drop = createFileDrop(props.client);
  let titleInput!: HTMLTextAreaElement;
  // The title typed here stays until it is saved (Enter, leaving the box) or cancelled (Escape):
  // the header is read again on other tabs' writes to this note (its body, its properties), and
  // a box bound to the stored title was written back over the typing each time.
  const typed = createDrafts();
  const storedTitle = () => draft.note()?.title ?? '';
  let body: EditorView | null = null;
  // A note just made by New note: the cursor starts in its title; left untouched, it is discarded.
  let focusTitle = isFresh(props.id);
  onCleanup(() => {
    if (!isFresh(props.id)) return;
    touched(props.id);
    const { client, id } = props;
    // Checked on the stored note too: a property set from the panel or a body written by another
    // tab or an agent is not typing here, and such a note is kept.
    void client.api.getNote(id).then((note) => {
      if (note && note.markdown.trim() === '' && note.created === note.modified)
        void client.api.deleteNote(id);
    });
  });

  /** Saves the typed title; false when the title was refused (the box keeps focus and the text). */
  async function commitTitle(): Promise<boolean> {
    const n = draft.note();
    if (!n) return false;
    if (titleInput.value === n.title) {
      typed.reset();
      return true;
    }
    if (await draft.rename(titleInput.value)) {
      typed.saved('title', storedTitle());
      return true;
    }
    titleInput.focus();
    return false;
  }

  function titleShown(el: HTMLTextAreaElement) {
    titleInput = el;
    if (!focusTitle) return;
    focusTitle = false;
    // The box is made before Suspense puts it in the page: focus it once it is there.
    let frames = 30;
    const focus = () => {
      if (el.isConnected) {
        if (!mayTakeFocus(props.id)) return cancelTypeahead();
        el.focus();
        el.select();
        replay(el, takeTypeahead());
      } else if (frames-- > 0) requestAnimationFrame(focus);
      else cancelTypeahead();
    };
    focus();
  }

  /** What was typed after New note was pressed and before the title had the focus, typed here. */
  function replay(el: HTMLTextAreaElement, keys: string) {
    if (keys === '') return;
    const out = replayKeys(keys, el.value, el.selectionStart, el.selectionEnd - el.selectionStart);
    if (out.title !== el.value) {
      el.value = out.title;
      el.setSelectionRange(out.caret, out.caret);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (out.body !== null) toBody(out.body);
  }

  /**
   * Enter in the title: the focus goes to the body, with `text` typed there. The body's editor can
   * still be loading (a new note): then the text typed meanwhile is held and goes with it.
   */
  let bodyText: string | null = null;
  function toBody(text: string) {
    if (body) {
      body.focus();
      if (text) body.dispatch(body.state.replaceSelection(text));
      return;
    }
    bodyText = (bodyText ?? '') + text;
    void commitTitle();
  }
  function bodyShown(v: EditorView | null) {
    body = v;
    if (v && bodyText !== null) {
      const text = bodyText;
      bodyText = null;
      toBody(text);
    }
  }

  return (
    <section class="editor" aria-label="Editor">
      <Show when={draft.note() !== undefined}>
        <Show when={draft.note()} fallback={<p class="empty">This note was deleted.</p>}>
          {(n) => (
            <>
              <div class="editor-bar">
                <button type="button" class="back" onClick={props.onClose} aria-label="Back to notes">
                  ←
                </button>
                {/* A text area sized to its content: a long title wraps instead of being cut. */}
                <textarea
                  ref={titleShown}
                  class="title-input"
                  aria-label="Title"
                  rows={1}
                  value={typed.value('title', storedTitle)}
                  onInput={(e) => {
                    touched(n().id);
                    // A title is one line: a pasted line break becomes a space.
                    const one = e.currentTarget.value.replace(/\r?\n/g, ' ');
                    if (one !== e.currentTarget.value) e.currentTarget.value = one;
                    typed.input('title', one);
                  }}
                  onBlur={commitTitle}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      // Enter moves on to the body, as in a word processor's title field: at once,
                      // so what is typed next goes there and not into the title while the rename
                      // is saved (leaving the box saves it; a refused title takes the focus back).
                      toBody('');
                    } else if (bodyText !== null && !e.ctrlKey && !e.metaKey && !e.altKey) {
                      // Enter was pressed and the body is still loading: these keys are for it
                      const k = e.key === 'Backspace' ? '\b' : e.key.length === 1 ? e.key : null;
                      if (k !== null) {
                        e.preventDefault();
                        bodyText = k === '\b' ? bodyText.slice(0, -1) : bodyText + k;
                      }
                    }
                    if (e.key === 'Escape') {
                      typed.reset();
                      titleInput.value = n().title;
                    }
                  }}
                />
                <span class="save-state" role="status" aria-live="polite">
                  {saveState()}
                </span>
                <Show when={n().fileType === 'markdown'}>
                  <BookmarkToggle client={props.client} itemType="note" itemId={n().id} />
                </Show>
                <button
                  type="button"
                  class="danger icon-button"
                  aria-label={n().fileType === 'markdown' ? 'Delete note' : 'Delete file'}
                  title={n().fileType === 'markdown' ? 'Delete note' : 'Delete file'}
                  onClick={() => props.onDelete(n().id, n().title)}
                >
                  <Trash aria-hidden="true" size={18} />
                </button>
                <Show
                  when={n().fileType === 'markdown'}
                  fallback={
                    <a class="button-link" href={localGraphHref(n().id)}>
                      Local graph
                    </a>
                  }
                >
                  <NoteMenu client={props.client} noteId={n().id}>
                    <a class="button-link" href={localGraphHref(n().id)}>
                      Local graph
                    </a>
                    <ApplyTemplate client={props.client} noteId={n().id} />
                    <button type="button" onClick={() => setShowHistory(true)}>
                      History
                    </button>
                  </NoteMenu>
                </Show>
              </div>
              <NoteTagChips client={props.client} id={n().id} title={n().title} />
              <Show when={draft.error()}>
                {(e) => (
                  <p class="error" role="alert">
                    {e().message}
                  </p>
                )}
              </Show>
              <Show when={linkError()}>
                {(m) => (
                  <p class="error" role="alert">
                    {m()}
                  </p>
                )}
              </Show>
              <Show when={showHistory()}>
                <VersionsDialog client={props.client} noteId={n().id} onClose={() => setShowHistory(false)} />
              </Show>
              <Show
                when={n().fileType === 'markdown'}
                fallback={<FileViewer client={props.client} file={n()} />}
              >
                <DropStatus drop={drop} />
                <PropertiesPanel client={props.client} noteId={n().id} />
                <MarkdownBody
                  client={props.client}
                  id={n().id}
                  host={createPreviewHost(props.client, n().id, (t) => void follow.wiki(t))}
                  onState={setSaveState}
                  onFollow={follow.wiki}
                  onView={bodyShown}
                  onFiles={(files, pasted, insert) =>
                    void drop.intoNote(files, pasted, n().id, n().folderPath, insert)
                  }
                />
                <AttachmentsPanel client={props.client} noteId={n().id} onOpen={props.onOpen} />
                <LinkedTasks client={props.client} noteId={n().id} />
              </Show>
              <LinksPanel client={props.client} id={n().id} onOpen={props.onOpen} onCreate={follow.create} />
            </>
          )}
        </Show>
      </Show>
    </section>
  );
}

function MarkdownBody(props: {
  client: VaultClient;
  id: string;
  onState: (s: string) => void;
  onFollow: (inner: string) => void;
  onFiles: OnFiles;
  host: PreviewHost;
  onView: (view: EditorView | null) => void;
}) {
  const body = createNoteDoc(props.client, props.id);
  // Typing in the body keeps a new note (freshNotes.ts).
  body.text.observe((_e, tr) => {
    if (tr.local) touched(props.id);
  });
  const label = createSaveLabel((l) => props.onState(l));
  onCleanup(label.dispose);
  createEffect(() =>
    label.update({ ready: body.ready(), saving: body.saving(), failed: body.error() !== null }),
  );
  return (
    <>
      <Show when={body.error()}>
        {(e) => (
          <p class="error" role="alert">
            {e().message}
          </p>
        )}
      </Show>
      <Show when={body.ready()} fallback={<p class="empty">Opening…</p>}>
        <Suspense fallback={<p class="empty">Loading the editor…</p>}>
          <MarkdownEditor
            text={body.text}
            label="Note body"
            onFollowLink={props.onFollow}
            onFiles={props.onFiles}
            host={props.host}
            onView={props.onView}
          />
        </Suspense>
      </Show>
    </>
  );
}
