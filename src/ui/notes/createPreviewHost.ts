import { createComponent, render } from 'solid-js/web';
import type { WikiTargetResolution } from '../../worker/domain/notes/links/resolveOperations';
import { PdfViewer } from '../files/PdfViewer';
import type { VaultClient } from '../vault/createVaultClient';
import { headingsOf } from './livePreview/linkQuery';
import { mergeLinkHits } from './livePreview/linkTargets';
import type { PreviewHost } from './livePreview/previewHost';

const TITLE_HITS = 12;

/**
 * Live Preview's reads for the note `sourceId`, each one vault operation: links resolve relative
 * to the note (`notes.resolveWikiTarget`), previews come from `notes.previewByTitle`, titles from
 * the search index's title search (`search.quick`; the most recently edited notes before anything
 * is typed) merged with the notes' frontmatter aliases (`matchAliases`), headings and aliases from the one note named.
 */
export function createPreviewHost(
  client: VaultClient,
  sourceId: string,
  follow: (target: string) => void,
): PreviewHost {
  const resolve = async (target: string) => {
    const res = await client.api.read('notes.resolveWikiTarget', [target, sourceId]);
    if (!res.ok) return null;
    const hit = res.value as WikiTargetResolution;
    return hit.id === null ? null : { id: hit.id, title: hit.title, fileType: hit.file_type ?? 'other' };
  };
  return {
    resolve,
    follow,
    fileBlob: (id) => client.api.getFileBlob(id),
    mountPdf: (blob, title, into) => render(() => createComponent(PdfViewer, { blob, title }), into),
    async preview(target) {
      const res = await client.api.read('notes.previewByTitle', [target, sourceId]);
      if (!res.ok) return null;
      const v = res.value as { exists: boolean; preview?: string };
      return v.exists ? (v.preview ?? '') : null;
    },
    async titles(query) {
      if (query.trim() === '') {
        const page = await client.api.listNotes({ offset: 0, limit: TITLE_HITS, sort: 'modified' });
        return page.items
          .filter((n) => n.id !== sourceId && n.fileType === 'markdown')
          .map((n) => ({ title: n.title, folder: n.folderPath }));
      }
      const [res, aliases] = await Promise.all([
        client.api.read('search.quick', [query, TITLE_HITS]),
        client.api.matchAliases(query, TITLE_HITS),
      ]);
      const titles = res.ok
        ? (res.value as { id: string; title: string; folder_path: string; score: number }[])
        : [];
      return mergeLinkHits(titles, aliases, TITLE_HITS);
    },
    async outline(title) {
      const hit = await resolve(title);
      if (!hit) return null;
      const note = await client.api.getNote(hit.id);
      if (!note) return null;
      return { headings: headingsOf(note.markdown), aliases: note.aliases ?? [] };
    },
  };
}
