/**
 * Why a link has no preview while the browser is offline (after `no preview: ` in the item's
 * processingError). The inbox UI fetches such previews again when the browser comes back online.
 */
export const PREVIEW_OFFLINE = 'offline: the preview is fetched when you are online';

/** What a page says about itself, from its `<head>`. */
export interface LinkPreview {
  title: string | null;
  description: string | null;
  siteName: string | null;
  image: string | null;
}

const META = /<meta\b[^>]*>/gi;
const ATTR = /([a-zA-Z:-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * Reads a page's title, description, site name and image from its `<title>` and its `og:` /
 * `twitter:` / `description` meta tags (Open Graph first). Only the head matters, so only the
 * text before `</head>` (or the first 256 KB) is read; entities are decoded, whitespace folded,
 * each value cut at 500 characters. The vault worker has no DOMParser and the project declares
 * no HTML parser, so this reads just these tags; anything else in the page is ignored. Pure.
 */
export function parseLinkPreview(html: string, pageUrl: string): LinkPreview {
  const end = html.search(/<\/head\s*>/i);
  const head = html.slice(0, end === -1 ? 262_144 : end);
  const meta = new Map<string, string>();
  for (const tag of head.match(META) ?? []) {
    const attrs = new Map<string, string>();
    for (const m of tag.matchAll(ATTR)) attrs.set(m[1]!.toLowerCase(), m[3] ?? m[4] ?? m[5] ?? '');
    const key = (attrs.get('property') ?? attrs.get('name'))?.toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, clean(content));
  }
  const pick = (...keys: string[]) =>
    keys.map((k) => meta.get(k)).find((v) => v !== undefined && v !== '') ?? null;
  const titleTag = head.match(TITLE)?.[1];
  const image = pick('og:image', 'twitter:image');
  return {
    title: pick('og:title', 'twitter:title') ?? (titleTag ? clean(titleTag) || null : null),
    description: pick('og:description', 'twitter:description', 'description'),
    siteName: pick('og:site_name'),
    image: image === null ? null : absolute(image, pageUrl),
  };
}

function clean(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (all, name: string) => {
      const n = name.toLowerCase();
      if (n.startsWith('#x')) return String.fromCodePoint(Number.parseInt(n.slice(2), 16));
      if (n.startsWith('#') && n !== '#39') return String.fromCodePoint(Number(n.slice(1)));
      return ENTITIES[n] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

function absolute(url: string, base: string): string | null {
  try {
    const u = new URL(url, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
