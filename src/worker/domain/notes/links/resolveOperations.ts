import { type NoteHeader, vaultPathOf } from '../noteHeader';
import type { LinkResolver, ResolvedVia } from './linkResolver';
import { parseWikiInner, type Subpath } from './parseLinks';

/**
 * The desktop operations `notes.resolveByTitle` and `notes.resolveWikiTarget`. Both answer with
 * the same shape; a miss is `{exists: false}` with what was asked, never an error, so an editor
 * can render an unresolved link.
 */
export interface WikiTargetResolution {
  exists: boolean;
  id: string | null;
  title: string;
  folder_path: string | null;
  file_type: NoteHeader['file_type'] | null;
  path: string | null;
  href: string | null;
  subpath: Subpath;
  alias: string | null;
  via: ResolvedVia | null;
}

function answer(
  header: NoteHeader | null,
  written: string,
  subpath: Subpath,
  alias: string | null,
  via: ResolvedVia | null,
): WikiTargetResolution {
  return {
    exists: header !== null,
    id: header?.id ?? null,
    title: header?.title ?? written,
    folder_path: header?.folder_path ?? null,
    file_type: header?.file_type ?? null,
    path: header ? vaultPathOf(header) : null,
    href: header ? `svc://note/${header.id}` : null,
    subpath,
    alias,
    via,
  };
}

/** By title or folder-qualified title (`Folder/Title`), falling back to aliases. */
export function resolveByTitle(
  title: string,
  resolver: LinkResolver,
  sourceFolder = '',
): WikiTargetResolution {
  const hit = resolver.resolve(title, sourceFolder) ?? resolver.resolveAlias(title, sourceFolder);
  return answer(hit?.header ?? null, title.trim(), null, null, hit?.via ?? null);
}

/**
 * What a wiki link points at. Accepts the link with or without brackets: `[[T#H|a]]`,
 * `![[T]]`, `T#^block`. `source` is the linking note, whose folder decides relative paths and
 * ties; a bare `#Heading` target is the source note itself.
 */
export function resolveWikiTarget(
  text: string,
  resolver: LinkResolver,
  source?: NoteHeader,
): WikiTargetResolution {
  const inner = text
    .trim()
    .replace(/^!?\[\[/, '')
    .replace(/\]\]$/, '');
  const { target, subpath, alias } = parseWikiInner(inner);
  if (target === '' && source) return answer(source, source.title, subpath, alias, 'path');
  const hit = resolver.resolve(target, source?.folder_path ?? '', source?.id);
  return answer(hit?.header ?? null, target, subpath, alias, hit?.via ?? null);
}
