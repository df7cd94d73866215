import { createSignal, Show } from 'solid-js';
import { createRecorder } from './createRecorder';

interface Props {
  /** Captures a file (image, PDF, recording); answers whether it was kept. */
  onFile: (file: Blob, name: string | undefined, durationMs?: number) => Promise<boolean>;
  onClip: (clip: { text: string; url: string }) => Promise<boolean>;
}

/** Capture beside the text box: an image or PDF from a file, a voice recording, a clip. */
export function CaptureMedia(props: Props) {
  const recorder = createRecorder((blob, ms) => void props.onFile(blob, undefined, ms));
  const [clipping, setClipping] = createSignal(false);
  const [clipText, setClipText] = createSignal('');
  const [clipUrl, setClipUrl] = createSignal('');
  let input!: HTMLInputElement;

  return (
    <div class="capture-media">
      <input
        ref={input}
        type="file"
        accept="image/*,application/pdf,audio/*"
        aria-label="Image, PDF or recording file"
        class="visually-hidden"
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) await props.onFile(file, file.name);
        }}
      />
      <button type="button" onClick={() => input.click()}>
        Add file
      </button>
      <Show
        when={recorder.state().kind === 'recording'}
        fallback={
          <button type="button" onClick={() => void recorder.start()}>
            Record voice
          </button>
        }
      >
        <button type="button" class="danger" onClick={recorder.stop}>
          Stop recording
        </button>
      </Show>
      <button type="button" aria-expanded={clipping()} onClick={() => setClipping((c) => !c)}>
        Clip
      </button>
      <span role="status" aria-live="polite">
        {(() => {
          const s = recorder.state();
          return s.kind === 'recording' ? `Recording… ${s.seconds} s` : s.kind === 'error' ? s.message : '';
        })()}
      </span>
      <Show when={clipping()}>
        <form
          class="clip-form"
          aria-label="Clip"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await props.onClip({ text: clipText().trim(), url: clipUrl().trim() })) {
              setClipText('');
              setClipUrl('');
              setClipping(false);
            }
          }}
        >
          <textarea
            aria-label="Clipped text"
            required
            rows={2}
            value={clipText()}
            onInput={(e) => setClipText(e.currentTarget.value)}
          />
          <input
            type="url"
            aria-label="Page address"
            placeholder="https://…"
            required
            value={clipUrl()}
            onInput={(e) => setClipUrl(e.currentTarget.value)}
          />
          <button type="submit">Save clip</button>
        </form>
      </Show>
    </div>
  );
}
