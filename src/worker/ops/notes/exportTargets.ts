import type { Block } from '../../domain/export/noteBlocks';
import type { Inline } from '../../domain/export/noteInlines';
import type { LinkReads } from '../../links/linkReads';

export interface ExportTarget {
  id: string | null;
  title: string;
  fileType: string | null;
  mime: string;
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/**
 * Every wiki link, embed and local image of the blocks, resolved once as the editor resolves it
 * (from the exported note, so its own attachments win): keyed by the target as written.
 */
export async function collectTargets(
  blocks: readonly Block[],
  sourceId: string,
  resolve: LinkReads['resolveWikiTarget'],
): Promise<Map<string, ExportTarget>> {
  // key (as the renderer looks it up) → the text to resolve
  const written = new Map<string, string>();
  const visit = (list: readonly Inline[]) => {
    for (const i of list) {
      if (i.t === 'wiki') {
        const target = wikiTarget(i.inner);
        written.set(target, target);
      }
      if (i.t === 'image' && !/^[a-z][a-z0-9+.-]*:/i.test(i.src)) written.set(i.src, decoded(i.src));
    }
  };
  const walk = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.t === 'heading' || b.t === 'para') visit(b.inlines);
      else if (b.t === 'quote') walk(b.blocks);
      else if (b.t === 'list') for (const it of b.items) walk(it.blocks);
      else if (b.t === 'table') for (const row of b.rows) for (const cell of row) visit(cell);
    }
  };
  walk(blocks);
  const out = new Map<string, ExportTarget>();
  for (const [key, w] of written) {
    const r = await resolve(w, sourceId);
    const ext = /\.([a-z0-9]+)$/i.exec(w)?.[1]?.toLowerCase() ?? '';
    out.set(key, {
      id: r.id,
      title: r.title,
      fileType: r.file_type,
      mime: MIME[ext] ?? 'application/octet-stream',
    });
  }
  return out;
}

/** The target part of `[[target|alias]]` (`\|` inside tables). */
export function wikiTarget(inner: string): string {
  return (inner.split(/\\?\|/)[0] ?? '').trim();
}

function decoded(src: string): string {
  try {
    return decodeURI(src);
  } catch {
    return src; // a stray % is a character of the name
  }
}
