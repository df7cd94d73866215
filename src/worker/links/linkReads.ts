import type { StoredLinkRow } from '../db/notesTables';
import type { VaultDb } from '../db/schema';
import { type GraphData, type GraphOptions, getGraphData, getLocalGraph } from '../domain/notes/graph';
import { getLinks, type NoteLinks } from '../domain/notes/links/getLinks';
import type { LinkRow } from '../domain/notes/links/linkRows';
import type { LinkStore } from '../domain/notes/links/linkStore';
import { type Preview, previewByTitle } from '../domain/notes/links/previewByTitle';
import {
  resolveByTitle,
  resolveWikiTarget,
  type WikiTargetResolution,
} from '../domain/notes/links/resolveOperations';
import { vaultPathOf } from '../domain/notes/noteHeader';
import type { LinkIndex } from './linkIndex';

/**
 * The link reads over the `links` table and the resolver: backlinks, resolution, previews and
 * graphs. None reads more than one body (a preview's); graphs read link rows, never bodies.
 */
export function createLinkReads(db: VaultDb, links: LinkIndex) {
  const { resolver } = links;

  /** A LinkStore over rows already read, for the synchronous domain functions. */
  function memoryStore(rows: readonly LinkRow[]): LinkStore {
    const out = new Map<string, LinkRow[]>();
    const inc = new Map<string, LinkRow[]>();
    for (const r of rows) {
      push(out, r.from_id, r);
      if (r.to_id !== null) push(inc, r.to_id, r);
    }
    return {
      outgoingOf: (id) => out.get(id) ?? [],
      incomingOf: (id) => inc.get(id) ?? [],
      allLinks: () => rows,
    };
  }

  async function rowsAround(ids: readonly string[]): Promise<StoredLinkRow[]> {
    const [out, inc] = await Promise.all([
      db.links
        .where('from_id')
        .anyOf([...ids])
        .toArray(),
      db.links
        .where('to_id')
        .anyOf([...ids])
        .toArray(),
    ]);
    return [...out, ...inc];
  }

  return {
    /** Outgoing links (document order) and backlinks of a note; null when there is no such note. */
    async getLinks(id: string): Promise<NoteLinks | null> {
      await links.ensureLoaded();
      if (!resolver.get(id)) return null;
      const [out, inc] = await Promise.all([
        db.links.where('from_id').equals(id).sortBy('seq'),
        db.links.where('to_id').equals(id).toArray(),
      ]);
      return getLinks(id, memoryStore([...out, ...inc]), (x) => resolver.get(x));
    },

    async resolveByTitle(title: string, sourceFolder?: string): Promise<WikiTargetResolution> {
      await links.ensureLoaded();
      return resolveByTitle(title, resolver, sourceFolder);
    },

    async resolveWikiTarget(text: string, sourceId?: string): Promise<WikiTargetResolution> {
      await links.ensureLoaded();
      return resolveWikiTarget(text, resolver, sourceId === undefined ? undefined : resolver.get(sourceId));
    },

    async previewByTitle(title: string, sourceId?: string): Promise<Preview> {
      await links.ensureLoaded();
      const source = sourceId === undefined ? undefined : resolver.get(sourceId);
      const written = title
        .trim()
        .replace(/^!?\[\[/, '')
        .replace(/\]\]$/, '');
      // `#Heading` of the linking note itself: its exact vault path names it (the domain takes no source).
      const asked = source && written.startsWith('#') ? `${vaultPathOf(source)}${written}` : written;
      const target = resolveWikiTarget(asked, resolver, source);
      const body =
        target.id !== null && target.file_type === 'markdown' ? await db.bodies.get(target.id) : undefined;
      const text = body?.markdown;
      // The domain resolves again (same resolver, same answer) and reads the one body fetched here.
      return previewByTitle(asked, resolver, { readSource: (id) => (id === target.id ? text : undefined) });
    },

    async graph(options: GraphOptions = {}): Promise<GraphData> {
      await links.ensureLoaded();
      return getGraphData(resolver.headers(), memoryStore(await db.links.toArray()), options);
    },

    /** The neighbourhood up to `depth` links away: reads the rows of each ring, never the whole table. */
    async localGraph(id: string, depth = 1, options: GraphOptions = {}): Promise<GraphData | null> {
      await links.ensureLoaded();
      if (!resolver.get(id)) return null;
      const levels = Math.max(1, Math.min(5, Math.floor(depth)));
      const seen = new Set([id]);
      const rows = new Map<number, StoredLinkRow>();
      let frontier = [id];
      // One ring beyond `levels`: the outgoing rows of the outermost nodes draw the edges among them.
      for (let level = 0; level <= levels && frontier.length > 0; level++) {
        const next: string[] = [];
        for (const r of await rowsAround(frontier)) {
          rows.set(r.seq as number, r);
          for (const end of [r.from_id, r.to_id]) {
            if (end !== null && !seen.has(end) && resolver.get(end)) {
              seen.add(end);
              next.push(end);
            }
          }
        }
        frontier = next;
      }
      return getLocalGraph(id, levels, memoryStore([...rows.values()]), (x) => resolver.get(x), options);
    },
  };
}

export type LinkReads = ReturnType<typeof createLinkReads>;

function push(map: Map<string, LinkRow[]>, key: string, row: LinkRow): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
