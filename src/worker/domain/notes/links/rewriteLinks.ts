import { fileNameOf, type NoteHeader, vaultPathOf } from '../noteHeader';
import { type ParsedLink, parseLinks } from './parseLinks';

/**
 * Rewrites the links of one note after notes were renamed or moved (docs/links.md, "Rename keeps
 * links"), as Obsidian's "Automatically update internal links" does. Pure: it reads the body and
 * two resolutions and answers text edits; the worker applies them through the note's CRDT text.
 *
 * A link is rewritten only when it pointed at a changed item (or its own note moved) AND its
 * written text no longer reaches the same item: `[[Title]]` after a folder move still resolves by
 * name and is left as written. Code (fenced, inline), comments and frontmatter are never touched
 * (parseLinks skips code; the caller passes the body without frontmatter and an `offset`).
 *
 * The new text keeps the link's form: a wiki link keeps its subpath, alias, embed mark and a
 * written `.md`; a bare name stays a bare name when that name alone reaches the target, otherwise
 * the shortest written folders that do, else the full vault path. A markdown link keeps its text,
 * title and `<...>` brackets; a relative path (`./`, `../`) stays relative to the linking note's
 * folder, any other path becomes the vault path; spaces are `%20` unless bracketed.
 */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
}

/** One resolution: the id a written target reaches from a note in `folder`, or null. */
export type ResolveId = (target: string, folder: string, sourceId: string) => string | null;

/** A link of the body and the id it reached before the change (phase one, before headers change). */
export interface PendingLink {
  link: ParsedLink;
  beforeId: string;
}

/**
 * Phase one, run while the resolver still holds the old headers: the links of `body` that reached
 * a changed item (or every resolved link when the note itself moved). `parsed`: the body's links,
 * when the caller parsed it already.
 */
export function linksToCheck(
  body: string,
  source: { id: string; folderBefore: string },
  resolveBefore: ResolveId,
  isChanged: (id: string) => boolean,
  sourceMoved: boolean,
  parsed: readonly ParsedLink[] = parseLinks(body),
): PendingLink[] {
  const out: PendingLink[] = [];
  for (const link of parsed) {
    if (link.target === '') continue; // [[#Heading]]: the same note, whatever its name
    const id = resolveBefore(link.target, source.folderBefore, source.id);
    if (id === null || id === source.id) continue;
    if (sourceMoved || isChanged(id)) out.push({ link, beforeId: id });
  }
  return out;
}

/** Phase two, once the resolver holds the new headers: the edits that make every link reach its item again. */
export function rewriteEdits(
  body: string,
  pending: readonly PendingLink[],
  source: { id: string; folderAfter: string },
  resolveAfter: ResolveId,
  headerOf: (id: string) => NoteHeader | undefined,
  offset = 0,
): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const { link, beforeId } of pending) {
    if (resolveAfter(link.target, source.folderAfter, source.id) === beforeId) continue;
    const target = headerOf(beforeId);
    if (!target) continue; // deleted: nothing to point at
    const reaches = (written: string) => resolveAfter(written, source.folderAfter, source.id) === beforeId;
    const raw = body.slice(link.start, link.end);
    const next =
      link.syntax === 'wiki'
        ? rewriteWiki(raw, link, target, reaches)
        : rewriteMarkdown(raw, target, source.folderAfter, reaches);
    if (next !== null && next !== raw)
      edits.push({ start: link.start + offset, end: link.end + offset, insert: next });
  }
  return edits;
}

/** Applies edits (non-overlapping, any order) to a string: the text the CRDT will hold. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}

/** Both phases over two resolutions (tests and callers that hold both at once). */
export function rewriteLinks(
  body: string,
  source: { id: string; folderBefore: string; folderAfter: string },
  resolveBefore: ResolveId,
  resolveAfter: ResolveId,
  headerOf: (id: string) => NoteHeader | undefined,
  isChanged: (id: string) => boolean,
): TextEdit[] {
  const pending = linksToCheck(
    body,
    source,
    resolveBefore,
    isChanged,
    source.folderBefore !== source.folderAfter,
  );
  return rewriteEdits(body, pending, source, resolveAfter, headerOf);
}

const stripMd = (p: string) => p.replace(/\.md$/i, '');

/** The written path: the name alone, then with more of its folders, then the vault path. */
function shortestPath(
  target: NoteHeader,
  withMd: boolean,
  reaches: (w: string) => boolean,
  bare: boolean,
): string {
  const full = vaultPathOf(target);
  const shown = (p: string) => (target.file_type === 'markdown' && !withMd ? stripMd(p) : p);
  if (bare) {
    const name = shown(fileNameOf(target));
    if (reaches(name)) return name;
    const folders = target.folder_path === '' ? [] : target.folder_path.split('/');
    for (let i = folders.length - 1; i > 0; i--) {
      const partial = shown(`${folders.slice(i).join('/')}/${fileNameOf(target)}`);
      if (reaches(partial)) return partial;
    }
  }
  return shown(full);
}

function rewriteWiki(
  raw: string,
  link: ParsedLink,
  target: NoteHeader,
  reaches: (w: string) => boolean,
): string | null {
  const open = link.embed ? 3 : 2;
  const inner = raw.slice(open, -2);
  // The written target ends where the subpath or the alias begins; everything after is kept as written.
  const cut = inner.search(/#|\\?\|/);
  const writtenTarget = cut === -1 ? inner : inner.slice(0, cut);
  const rest = cut === -1 ? '' : inner.slice(cut);
  const trimmed = writtenTarget.trim();
  const withMd = /\.md$/i.test(trimmed);
  const bare = !trimmed.includes('/');
  const path = shortestPath(target, withMd, reaches, bare);
  if (!reaches(path)) return null;
  return `${raw.slice(0, open)}${path}${rest}]]`;
}

function rewriteMarkdown(
  raw: string,
  target: NoteHeader,
  sourceFolder: string,
  reaches: (w: string) => boolean,
): string | null {
  // `[text](url "title")`: the url is the part after the last `](` that parseLinks matched.
  const open = raw.lastIndexOf('](');
  if (open === -1) return null;
  const tail = raw.slice(open + 2, -1);
  const m = /^(\s*)(<[^>\n]+>|[^)\s]+)(.*)$/s.exec(tail);
  if (!m) return null;
  const [, lead = '', url = '', after = ''] = m;
  const bracketed = url.startsWith('<');
  const plain = bracketed ? url.slice(1, -1) : url;
  const hash = plain.indexOf('#');
  const fragment = hash === -1 ? '' : plain.slice(hash);
  const writtenPath = safeDecode(hash === -1 ? plain : plain.slice(0, hash));
  const withMd = target.file_type !== 'markdown' || /\.md$/i.test(writtenPath);
  let path: string;
  if (/^\.\.?\//.test(writtenPath)) path = relativePath(sourceFolder, vaultPathOf(target));
  else path = shortestPath(target, true, reaches, !writtenPath.includes('/'));
  if (!withMd) path = stripMd(path);
  if (!reaches(path)) return null;
  const encoded = bracketed ? `<${path}${fragment}>` : `${encodePath(path)}${fragment}`;
  return `${raw.slice(0, open + 2)}${lead}${encoded}${after})`;
}

/** `a/b` → `a/c/T.md` = `c/T.md` written as `./c/T.md`; `a/b` → `x/T.md` = `../../x/T.md`. */
export function relativePath(fromFolder: string, toPath: string): string {
  const from = fromFolder === '' ? [] : fromFolder.split('/');
  const to = toPath.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.length - common;
  const down = to.slice(common).join('/');
  return up === 0 ? `./${down}` : `${'../'.repeat(up)}${down}`;
}

/** Encodes what would end or break a markdown link target; keeps `/` and readable characters. */
function encodePath(path: string): string {
  return path.replace(/[ %()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
