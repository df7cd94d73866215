import { type ChildProcess, spawn } from 'node:child_process';
import WebSocket from 'ws';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { ACTIVATE_NEW_BUILD } from './mcpBrowser';

/**
 * A Chromium started without Playwright and driven over a bare DevTools socket that only
 * evaluates scripts in the page. Playwright turns the Network domain on for every page it drives,
 * and that instrumentation costs each fetch() about a millisecond here (docs/agent-tools.md,
 * "Figures (issue 6)"); a page no DevTools domain watches times /mcp as an agent's page runs it.
 */
export interface RawPage {
  /** evaluates `expression` in the page, awaiting a promise; the value must be JSON */
  evaluate<T>(expression: string): Promise<T>;
  /** a DevTools command on the page's session (e.g. `Network.enable`) */
  send(method: string, params?: object): Promise<Record<string, unknown>>;
  /** closes the socket and ends the browser (resolves once it exited: its profile is free) */
  close(): Promise<void>;
}

type Reply = { id?: number; result?: Record<string, unknown>; error?: unknown };

async function connect(url: string): Promise<{ ws: WebSocket; send: RawPage['send'] }> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let next = 1;
  const pending = new Map<number, (m: Reply) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Reply;
    if (m.id !== undefined) pending.get(m.id)?.(m);
  });
  const send: RawPage['send'] = (method, params = {}) => {
    const id = next++;
    ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) =>
      pending.set(id, (m) =>
        m.error ? reject(new Error(JSON.stringify(m.error))) : resolve(m.result ?? {}),
      ),
    );
  };
  return { ws, send };
}

/**
 * Opens `base` in a Chromium on `userDir` (a profile the app was loaded in before, e.g. the
 * seeded one of the bench) and waits until the app is ready and its service worker controls the
 * page, taking a newer build over first. `close()` it when done.
 */
export async function openRawPage(userDir: string, base: string, cdpPort: number): Promise<RawPage> {
  const browser = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--user-data-dir=${userDir}`,
      `--remote-debugging-port=${cdpPort}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    let targets: { type: string; webSocketDebuggerUrl: string }[] = [];
    for (let i = 0; i < 150 && !targets.some((t) => t.type === 'page'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      targets = await fetch(`http://127.0.0.1:${cdpPort}/json/list`)
        .then((r) => r.json() as Promise<typeof targets>)
        .catch(() => []);
    }
    const target = targets.find((t) => t.type === 'page');
    if (target === undefined) throw new Error(`Chromium on ${cdpPort} offered no page`);
    const { ws, send } = await connect(target.webSocketDebuggerUrl);
    const evaluate = async <T>(expression: string): Promise<T> => {
      const out = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (out.exceptionDetails) throw new Error(JSON.stringify(out.exceptionDetails));
      return (out.result as { value: T }).value;
    };
    // Loaded twice: the first load may install a newer build (ACTIVATE_NEW_BUILD), run by the second.
    for (let attempt = 0; attempt < 2; attempt++) {
      await send('Page.navigate', { url: base });
      await evaluate(`(async () => {
        for (let i = 0; i < 1200 && !document.querySelector('.app[data-ready="true"]'); i++)
          await new Promise((r) => setTimeout(r, 100));
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      })()`);
      if (attempt === 0) await evaluate(ACTIVATE_NEW_BUILD);
    }
    return {
      evaluate,
      send,
      close: async () => {
        ws.close();
        await stop(browser);
      },
    };
  } catch (error) {
    await stop(browser);
    throw error;
  }
}

function stop(browser: ChildProcess): Promise<void> {
  if (browser.exitCode !== null || browser.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => browser.once('exit', () => resolve()));
  browser.kill();
  return exited;
}

/** A page script: `n` timed runs of `body` (async statements that may use `i`), in ms. */
export const timedLoop = (n: number, body: string): string => `(async () => {
  const out = [];
  for (let i = 0; i < ${n}; i++) { const t0 = performance.now(); ${body}; out.push(performance.now() - t0); }
  return out;
})()`;

/** A page statement block: one `tools/call` through /mcp; `args` is a JS expression. */
export const mcpCallScript = (name: string, args: string): string => `{
  const res = await fetch('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: ${JSON.stringify(name)}, arguments: ${args} } }) });
  const json = await res.json();
  if (json.result?.isError) throw new Error(JSON.stringify(json.result));
}`;
