import { onCleanup } from 'solid-js';

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/**
 * Polls one step of a device-link exchange about once a second until `done` says so, an error
 * comes back, or five minutes pass (then the pairing is abandoned with a clear message). One
 * request at a time; stops when the owning component is removed.
 */
export function createLinkPoll<T>(
  step: () => Promise<Answer<T>>,
  onValue: (value: T) => boolean,
  onError: (message: string) => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  onCleanup(stop);
  function start() {
    stopped = false;
    const until = Date.now() + 5 * 60_000;
    const tick = async () => {
      if (stopped) return;
      if (Date.now() > until) return onError('Linking timed out. Start again on both devices.');
      const res = await step();
      if (stopped) return;
      if (!res.ok) return onError(res.error.message);
      if (onValue(res.value)) return;
      timer = setTimeout(() => void tick(), 1000);
    };
    void tick();
  }
  return { start, stop };
}
