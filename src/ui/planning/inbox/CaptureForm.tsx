import { createSignal } from 'solid-js';
import { URL_PATTERN } from './inboxTypes';

interface Props {
  onCapture: (kind: 'link' | 'text', text: string) => Promise<boolean>;
  /** an image pasted into the box */
  onPasteFile?: (file: File) => void;
}

/** One box for anything: a lone URL is captured as a link, everything else as text. */
export function CaptureForm(props: Props) {
  const [text, setText] = createSignal('');
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const value = text().trim();
    if (value === '') return;
    const typed = text();
    // Clear only what was captured: the user may have typed the next thought while this one
    // was being stored, and that must stay in the box (it raced here before: a fast second
    // capture was wiped and never made).
    if ((await props.onCapture(URL_PATTERN.test(value) ? 'link' : 'text', value)) && text() === typed)
      setText('');
  }
  return (
    <form class="capture-form" onSubmit={submit}>
      <textarea
        aria-label="Capture"
        placeholder="Capture a thought or paste a link"
        rows={2}
        value={text()}
        onInput={(e) => setText(e.currentTarget.value)}
        onPaste={(e) => {
          const file = [...(e.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
          if (!file || !props.onPasteFile) return;
          e.preventDefault();
          props.onPasteFile(file);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
        }}
      />
      <button type="submit" class="primary">
        Capture
      </button>
    </form>
  );
}
