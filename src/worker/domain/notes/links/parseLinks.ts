import { maskCode } from '../markdown/maskCode';

/**
 * Links written in a markdown body, found the way Obsidian finds them: wiki links `[[...]]`,
 * embeds `![[...]]`, and markdown links `[text](target)` / `![alt](target)` whose target is a
 * local file (no URL scheme, not a bare `#anchor`). Code and comments are skipped (maskCode).
 */
export type Subpath = { type: 'heading'; heading: string } | { type: 'block'; id: string } | null;

export interface ParsedLink {
  syntax: 'wiki' | 'markdown';
  embed: boolean;
  /** the path part: `Folder/Title`, `Title`, `image.png`; '' for a link to the same note */
  target: string;
  subpath: Subpath;
  /** `[[T|alias]]` or the text of a markdown link; for embeds, Obsidian's size (`|100x145`) */
  alias: string | null;
  /** offsets of the whole link (`!` included) in the body */
  start: number;
  end: number;
  /** 0-based line of `start` */
  line: number;
}

const WIKI = /(!?)\[\[([^[\]\n]+?)\]\]/g;
const MARKDOWN = /(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(\s*(<[^>\n]+>|[^)\s]+)(?:\s+"[^"\n]*")?\s*\)/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Splits the inside of `[[...]]` into target, subpath and alias. `\|` (inside tables) is `|`. */
export function parseWikiInner(inner: string): Pick<ParsedLink, 'target' | 'subpath' | 'alias'> {
  const pipe = inner.search(/\\?\|/);
  let ref = pipe === -1 ? inner : inner.slice(0, pipe);
  const alias =
    pipe === -1
      ? null
      : inner
          .slice(pipe)
          .replace(/^\\?\|/, '')
          .trim() || null;
  ref = ref.replace(/\\$/, '');
  const { target, subpath } = splitSubpath(ref);
  return { target, subpath, alias };
}

/** `Title#Heading` / `Title#^block` → parts; `Title#A#B` keeps the last heading. */
export function splitSubpath(ref: string): { target: string; subpath: Subpath } {
  const hash = ref.indexOf('#');
  if (hash === -1) return { target: ref.trim(), subpath: null };
  const target = ref.slice(0, hash).trim();
  const rest = ref.slice(hash + 1).trim();
  if (rest.startsWith('^')) return { target, subpath: { type: 'block', id: rest.slice(1) } };
  const parts = rest.split('#').filter((p) => p.trim() !== '');
  const heading = parts[parts.length - 1]?.trim() ?? '';
  return { target, subpath: heading === '' ? null : { type: 'heading', heading } };
}

export function parseLinks(body: string): ParsedLink[] {
  const masked = maskCode(body);
  const lineStarts = [0];
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const links: ParsedLink[] = [];
  for (const m of masked.matchAll(WIKI)) {
    const start = m.index;
    const end = start + m[0].length;
    const inner = body.slice(start + (m[1] ? 3 : 2), end - 2);
    links.push({
      syntax: 'wiki',
      embed: m[1] === '!',
      ...parseWikiInner(inner),
      start,
      end,
      line: lineOf(start),
    });
  }
  for (const m of masked.matchAll(MARKDOWN)) {
    const start = m.index;
    const raw = m[3] ?? '';
    const url = raw.startsWith('<') ? raw.slice(1, -1) : raw;
    if (SCHEME.test(url) || url.startsWith('#') || url.startsWith('//')) continue;
    const { target, subpath } = splitSubpath(decode(url));
    const text = m[2]?.trim() ?? '';
    links.push({
      syntax: 'markdown',
      embed: m[1] === '!',
      target,
      subpath,
      alias: text === '' ? null : text,
      start,
      end: start + m[0].length,
      line: lineOf(start),
    });
  }
  return links.sort((a, b) => a.start - b.start);
}

function decode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
