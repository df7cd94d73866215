import { type LinkPreview, PREVIEW_OFFLINE, parseLinkPreview } from '../../domain/inbox/linkPreview';

export type FetchPage = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<Response>;

export type PreviewOutcome = { ok: true; preview: LinkPreview } | { ok: false; reason: string };

const TIMEOUT_MS = 5000;
const MAX_BYTES = 512 * 1024;

/**
 * Fetches a page from the browser to read its preview. Cairn has no server-side fetcher, so this
 * is a plain cross-origin fetch: it works only for pages that allow it (CORS) and only online;
 * every other case (offline, blocked, not HTML, slow) answers `{ok: false, reason}` and the item
 * keeps its plain URL. At most 5 s and 512 KB are spent on a page.
 */
export async function fetchLinkPreview(
  fetchPage: FetchPage,
  url: string,
  online: boolean,
): Promise<PreviewOutcome> {
  if (!online) return { ok: false, reason: PREVIEW_OFFLINE };
  let res: Response;
  try {
    res = await fetchPage(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'text/html' } });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'TimeoutError')
      return { ok: false, reason: 'the page took longer than 5 s to answer' };
    return {
      ok: false,
      reason:
        'the page could not be read from the browser (the site does not allow cross-origin reads, or it is unreachable)',
    };
  }
  if (!res.ok) return { ok: false, reason: `the page answered HTTP ${res.status}` };
  const type = res.headers.get('content-type') ?? '';
  if (!/text\/html|application\/xhtml/i.test(type))
    return { ok: false, reason: `not a web page (${type || 'no type'})` };
  const html = await readCapped(res, MAX_BYTES);
  return { ok: true, preview: parseLinkPreview(html, res.url || url) };
}

async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return (await res.text()).slice(0, max);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all.subarray(0, max));
}
