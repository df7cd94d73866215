import { base64 } from '@scure/base';
import { noteBlocks } from '../../domain/export/noteBlocks';
import { renderHtml } from '../../domain/export/renderHtml';
import type { LinkReads } from '../../links/linkReads';
import type { NotesStore } from '../../stores/notesStore';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import { loadExportImages } from './exportImages';
import { collectTargets, wikiTarget } from './exportTargets';

export type ExportPorts = Pick<NotesStore, 'get' | 'getBlob'> & {
  resolve: LinkReads['resolveWikiTarget'];
};

/**
 * notes.exportHtml(id, options?) → {html, title, bytes} (docs/notes.md "Export as HTML"): the
 * note as one standalone, script-free HTML document.
 */
export function exportHtmlOperations(ports: ExportPorts): Operation[] {
  return [
    defineOperation({
      name: 'notes.exportHtml',
      summary: 'The note as a standalone HTML document (images embedded, no script)',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'id', required: true, schema: { type: 'string', minLength: 1 } },
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            additionalProperties: false,
            properties: {
              links: {
                enum: ['relative', 'text'],
                description: "wiki links: 'relative' (default) or plain text",
              },
              images: {
                enum: ['embed', 'omit'],
                description: "'embed' (default) as data: URLs, or alt text only",
              },
            },
          },
        },
      ] as const,
      handler: async ([id, options]) => {
        const note = await ports.get(id);
        if (!note || note.fileType !== 'markdown')
          return fail('NOT_FOUND', `No markdown note with id "${id}".`, { field: 'id' });
        const blocks = noteBlocks(note.markdown);
        const targets = await collectTargets(blocks, note.id, ports.resolve);
        const images = new Map<string, string>();
        if (options?.images !== 'omit') {
          for (const [written, img] of await loadExportImages(targets, ports.getBlob))
            images.set(written, `data:${img.mime};base64,${base64.encode(img.bytes)}`);
        }
        const html = renderHtml(note.title, blocks, {
          wikiHref: (inner) => {
            const t = targets.get(wikiTarget(inner));
            if (options?.links === 'text' || !t || t.id === null || t.fileType !== 'markdown') return null;
            return `${encodeURIComponent(t.title)}.html`;
          },
          imageData: (target) => images.get(target) ?? null,
        });
        return ok({ html, title: note.title, bytes: new TextEncoder().encode(html).byteLength });
      },
    }),
  ];
}
