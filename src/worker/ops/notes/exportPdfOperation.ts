import { base64 } from '@scure/base';
import { noteBlocks } from '../../domain/export/noteBlocks';
import type { PdfFontSource } from '../../domain/export/pdf/pdfFonts';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import type { ExportPorts } from './exportHtmlOperation';
import { loadExportImages } from './exportImages';
import { collectTargets } from './exportTargets';

export type ExportPdfPorts = ExportPorts & {
  /** the Unicode font files; absent, the standard fonts (characters outside WinAnsi replaced) */
  fonts?: PdfFontSource;
  now: () => number;
};

const PDF_IMAGE = /^image\/(?:png|jpeg)$/;

/**
 * notes.exportPdf(id, options?) → {pdf, title, bytes, pages, replacedCharacters, unicodeFont}
 * (docs/notes.md "Export as PDF"): the note drawn from the same blocks as the HTML export, the
 * PDF as base64 in the reply.
 */
export function exportPdfOperations(ports: ExportPdfPorts): Operation[] {
  return [
    defineOperation({
      name: 'notes.exportPdf',
      summary: 'The note as a PDF document (base64), images embedded, A4 or Letter',
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
              pageSize: { enum: ['A4', 'Letter'], description: "paper: 'A4' (default) or 'Letter'" },
              images: {
                enum: ['embed', 'omit'],
                description: "'embed' (default) PNG and JPEG images, or alt text only",
              },
            },
          },
        },
      ] as const,
      handler: async ([id, options]) => {
        const note = await ports.get(id);
        if (note?.fileType !== 'markdown')
          return fail('NOT_FOUND', `No markdown note with id "${id}".`, { field: 'id' });
        const blocks = noteBlocks(note.markdown);
        const images = new Map<string, Uint8Array>();
        if (options?.images !== 'omit') {
          const targets = await collectTargets(blocks, note.id, ports.resolve);
          for (const [written, img] of await loadExportImages(targets, ports.getBlob, (m) =>
            PDF_IMAGE.test(m),
          ))
            images.set(written, img.bytes);
        }
        // pdf-lib and fontkit (about 1 MB) load on the first export, not with the vault
        const { renderPdf } = await import('../../domain/export/pdf/renderPdf');
        const out = await renderPdf({
          title: note.title,
          blocks,
          images,
          fonts: ports.fonts ?? null,
          pageSize: options?.pageSize ?? 'A4',
          keywords: note.tags,
          created: new Date(ports.now()),
          modified: new Date(note.modified),
        });
        return ok({
          pdf: base64.encode(out.bytes),
          title: note.title,
          bytes: out.bytes.byteLength,
          pages: out.pages,
          replacedCharacters: out.replacedCharacters,
          unicodeFont: out.unicodeFont,
        });
      },
    }),
  ];
}
