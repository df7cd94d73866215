import { createEffect, createSignal, Show } from 'solid-js';

export interface TemplateDraft {
  name: string;
  titleTemplate: string | null;
  folderPath: string | null;
  content: string;
}

interface Props {
  editing: (TemplateDraft & { id: string }) | null;
  onSave: (draft: TemplateDraft) => Promise<boolean>;
  onCancel: () => void;
}

/** New or edited template: name, title pattern, folder for new notes, the markdown body. */
export function TemplateForm(props: Props) {
  const [name, setName] = createSignal('');
  const [titleTemplate, setTitleTemplate] = createSignal('');
  const [folder, setFolder] = createSignal('');
  const [content, setContent] = createSignal('');
  createEffect(() => {
    const t = props.editing;
    setName(t?.name ?? '');
    setTitleTemplate(t?.titleTemplate ?? '');
    setFolder(t?.folderPath ?? '');
    setContent(t?.content ?? '');
  });
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const ok = await props.onSave({
      name: name().trim(),
      titleTemplate: titleTemplate().trim() || null,
      folderPath: folder().trim() || null,
      content: content(),
    });
    if (ok && !props.editing) {
      setName('');
      setTitleTemplate('');
      setFolder('');
      setContent('');
    }
  }
  return (
    <form class="record-form" onSubmit={submit} aria-label={props.editing ? 'Edit template' : 'New template'}>
      <label>
        Template name
        <input value={name()} onInput={(e) => setName(e.currentTarget.value)} maxLength={200} />
      </label>
      <label>
        Note title
        <input
          value={titleTemplate()}
          placeholder="e.g. Meeting {{date}}"
          onInput={(e) => setTitleTemplate(e.currentTarget.value)}
          maxLength={500}
        />
      </label>
      <label>
        Folder
        <input value={folder()} placeholder="vault root" onInput={(e) => setFolder(e.currentTarget.value)} />
      </label>
      <label class="wide">
        Template text
        <textarea
          rows={6}
          value={content()}
          placeholder={'# {{title}}\nCreated {{date}} at {{time}}'}
          onInput={(e) => setContent(e.currentTarget.value)}
        />
      </label>
      <p class="record-meta wide">
        Variables: {'{{date}}'}, {'{{time}}'}, {'{{datetime}}'}, {'{{weekday}}'}, {'{{year}}'}, {'{{month}}'},{' '}
        {'{{day}}'}, {'{{title}}'}.
      </p>
      <button type="submit" class="primary">
        {props.editing ? 'Save template' : 'Create template'}
      </button>
      <Show when={props.editing}>
        <button type="button" onClick={() => props.onCancel()}>
          Cancel
        </button>
      </Show>
    </form>
  );
}
