import { createSignal, onCleanup } from 'solid-js';

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'recording'; seconds: number }
  | { kind: 'error'; message: string };

/**
 * A voice recorder over MediaRecorder: start asks for the microphone, stop hands the recording
 * (with its length) to `onDone`. Every failure (no recorder in this browser, permission refused,
 * no microphone) becomes a message, never a throw.
 */
export function createRecorder(onDone: (blob: Blob, durationMs: number) => void) {
  const [state, setState] = createSignal<RecorderState>({ kind: 'idle' });
  let recorder: MediaRecorder | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let started = 0;

  async function start() {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'error', message: 'This browser cannot record audio.' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      const denied = err instanceof DOMException && err.name === 'NotAllowedError';
      setState({
        kind: 'error',
        message: denied
          ? 'Microphone access was refused; allow it in the browser to record.'
          : 'No microphone could be opened.',
      });
      return;
    }
    const chunks: Blob[] = [];
    recorder = new MediaRecorder(stream);
    recorder.ondataavailable = (e) => chunks.push(e.data);
    recorder.onstop = () => {
      for (const t of stream.getTracks()) t.stop();
      clearInterval(timer);
      const type = (recorder?.mimeType || 'audio/webm').split(';')[0]!;
      setState({ kind: 'idle' });
      onDone(
        new Blob(chunks, { type: type.startsWith('video/') ? 'audio/webm' : type }),
        Date.now() - started,
      );
    };
    started = Date.now();
    recorder.start();
    setState({ kind: 'recording', seconds: 0 });
    timer = setInterval(
      () => setState({ kind: 'recording', seconds: Math.round((Date.now() - started) / 1000) }),
      500,
    );
  }

  const stop = () => {
    if (recorder?.state === 'recording') recorder.stop();
  };
  onCleanup(() => {
    stop();
    clearInterval(timer);
  });
  return { state, start, stop };
}
