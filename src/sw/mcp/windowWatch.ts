/**
 * How often a waiting /mcp call asks whether its window still exists. A call may wait up to 150 s
 * for the user's approval; a window that closes or crashes meanwhile sends nothing (Chromium does
 * not fire MessagePort `close` when the other end's context is destroyed), so the service worker
 * asks the Clients API, only while calls wait.
 */
export const WINDOW_CHECK_MS = 1_000;

/** Whether the window with this client id still exists (the Clients API, injected in tests). */
export type WindowAlive = () => Promise<boolean>;

/** Calls `onGone` once when the window is found gone; checks every `everyMs` until stopped. */
export function watchWindow(alive: WindowAlive, onGone: () => void, everyMs = WINDOW_CHECK_MS): () => void {
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    alive().then(
      (yes) => {
        if (yes || stopped) return;
        stop();
        onGone();
      },
      () => {}, // the Clients API failing says nothing about the window: ask again next time
    );
  }, everyMs);
  return stop;
}

/** The JSON-RPC error text for a call whose window went away before it answered. */
export const WINDOW_GONE_MESSAGE = 'The Cairn tab closed before it answered';
