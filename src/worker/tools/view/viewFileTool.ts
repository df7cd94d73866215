import { fail, ok } from '../../ops/result';
import { viewFile } from '../catalog/readNoteTools';
import { defineTool } from '../defineTool';
import { cited, noteRef } from '../reply/links';
import { MAX_LONG_EDGE } from './fitLongEdge';
import { resolveViewTarget } from './resolveViewTarget';

/**
 * Spec 4.1 vault_view_file: a filed image, one page of a filed PDF, or a file embedded in a note,
 * as an MCP image part (PNG, JPEG when large, long edge at most 1568 px) beside the JSON part of
 * spec 2.2. Offered only where the vault provides the file port (bytes and the render worker).
 */
export const viewFileTool = defineTool({
  spec: viewFile,
  operations: ['notes.get'],
  available: (registry, ports) => registry.get('notes.get') !== undefined && ports.files !== undefined,
  handler: async ({ id, attachment, page = 1 }, env) => {
    const files = env.ports.files;
    if (files === undefined) return fail('UNAVAILABLE', 'This vault cannot render files', { field: 'id' });
    const target = await resolveViewTarget(id, attachment, files, env);
    if (!target.ok) return target;
    const { kind, blob, note, title, file } = target.value;
    if (kind === 'image' && page > 1) {
      return fail('VALIDATION', `page: ${title} is an image, which has one page`, {
        field: 'page',
        expected: 'integer <= 1',
      });
    }
    const outcome = await files.renderer.render({ kind, blob, page, maxEdge: MAX_LONG_EDGE });
    if (!outcome.ok && outcome.reason === 'page') {
      return fail('VALIDATION', `page: ${title} has ${outcome.pageCount} page(s)`, {
        field: 'page',
        expected: `integer <= ${outcome.pageCount}`,
      });
    }
    if (!outcome.ok)
      return { ok: false, error: { code: 'UNREADABLE', message: outcome.message, field: 'id' } };
    const p = outcome.picture;
    const format = p.mimeType === 'image/png' ? 'PNG' : 'JPEG';
    const shape =
      kind === 'pdf'
        ? { page, page_count: p.pageCount ?? page }
        : { source_width: p.sourceWidth, source_height: p.sourceHeight };
    const where = kind === 'pdf' ? `Page ${page} of ${p.pageCount ?? page} of ${title}` : title;
    const json = cited(
      {
        id: note.id,
        title,
        attachment: target.value.attachment,
        file,
        file_type: kind,
        mime_type: p.mimeType,
        width: p.width,
        height: p.height,
        ...shape,
        message: `${where}, rendered as ${format} ${p.width}×${p.height} px. A client that cannot show images gets only this text.`,
      },
      noteRef(note.id, note.title),
      target.value.embedded ? [noteRef(target.value.embedded.id, target.value.embedded.title)] : [],
    );
    return ok({ json, images: [{ mimeType: p.mimeType, data: p.data }] });
  },
});
