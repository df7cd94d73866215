import { classifyFile } from '../../domain/files/fileTypes';
import { attachmentFolder } from '../../domain/notes/attachments';
import type { LinkEntry, NoteLinks } from '../../domain/notes/links/getLinks';
import type { NoteWithContent } from '../../ops/notes/noteShape';
import { fail, ok, type Result } from '../../ops/result';
import type { ToolEnv } from '../defineTool';
import type { FileViewPort } from './fileViewPort';
import type { ViewTarget } from './resolveViewTarget';

type Note = Pick<NoteWithContent, 'id' | 'title'>;

const lower = (s: string) => s.toLowerCase();
const pathOf = (end: LinkEntry['note']) => (end.folder_path ? `${end.folder_path}/${end.title}` : end.title);

/**
 * Spec 4.1: with `attachment`, `id` is a markdown note and `attachment` names a file it embeds,
 * written as any of: the name of the note's own attachment (`shot.png`), its path
 * `attachments/<note_id>/<name>`, or an `attachment_text[].file` for another filed file of the
 * vault the note embeds (the embed's target as written, `Scans/page.png`, or that file's vault
 * path). Names match case-insensitively. A file of the vault the note does not embed is
 * NOT_FOUND (the message gives the id to view it by); an HTML block or a file that is not an
 * image or PDF is VALIDATION; each refusal names `attachment`.
 */
export async function resolveAttachment(
  note: Note,
  given: string,
  files: FileViewPort,
  env: ToolEnv,
): Promise<Result<ViewTarget>> {
  const reference = given.trim().replace(/^\/+/, '');
  if (/^html:\d+$/.test(reference)) {
    return fail(
      'VALIDATION',
      `${reference} is an HTML block of ${note.title}: its text is in attachment_text`,
      {
        field: 'attachment',
        expected: 'the name or path of an embedded image or PDF',
      },
    );
  }
  const kind = classifyFile(reference)?.type;
  if (kind !== 'image' && kind !== 'pdf') {
    return fail('VALIDATION', `${reference} is not an image or a PDF`, {
      field: 'attachment',
      expected: 'the name or path of an embedded image or PDF',
    });
  }
  const ownPrefix = `${attachmentFolder(note.id)}/`;
  const ownName = lower(reference).startsWith(lower(ownPrefix))
    ? reference.slice(ownPrefix.length)
    : reference.includes('/')
      ? null
      : reference;
  if (ownName !== null && files.attachment !== undefined) {
    const own = await files.attachment(note.id, ownName);
    if (own !== null) {
      const { name, blob } = own;
      return ok({ kind, blob, note, title: name, attachment: name, file: `${ownPrefix}${name}` });
    }
  }
  const embedded = await embeddedFile(note.id, reference, env);
  if (embedded !== null) return viewEmbedded(note, reference, embedded, files, env);
  return notEmbedded(note, reference, env);
}

/** The file of the vault the note embeds under this reference (its target as written or its path). */
async function embeddedFile(
  noteId: string,
  reference: string,
  env: ToolEnv,
): Promise<LinkEntry['note'] | null> {
  if (env.registry.get('notes.getLinks') === undefined) return null;
  const links = await env.registry.read('notes.getLinks', [noteId], { caller: env.caller });
  if (!links.ok) return null;
  const key = lower(reference);
  const match = (links.value as NoteLinks).outgoing.find(
    (l) => l.embed && l.note.exists && (lower(l.target) === key || lower(pathOf(l.note)) === key),
  );
  return match?.note ?? null;
}

async function viewEmbedded(
  note: Note,
  reference: string,
  end: LinkEntry['note'],
  files: FileViewPort,
  env: ToolEnv,
): Promise<Result<ViewTarget>> {
  const read =
    end.id === null ? null : await env.registry.read('notes.get', [end.id], { caller: env.caller });
  if (read === null || !read.ok)
    return fail('NOT_FOUND', `${reference} no longer exists`, { field: 'attachment' });
  const file = read.value as NoteWithContent;
  if (file.fileType !== 'image' && file.fileType !== 'pdf') {
    return fail('VALIDATION', `${reference} is a filed ${file.fileType} file, not an image or a PDF`, {
      field: 'attachment',
      expected: 'the name or path of an embedded image or PDF',
    });
  }
  const blob = await files.blob(file.id);
  if (blob === null) {
    return fail('NOT_FOUND', `The bytes of ${file.title} are not on this device`, { field: 'attachment' });
  }
  return ok({
    kind: file.fileType,
    blob,
    note,
    title: file.title,
    attachment: reference,
    file: pathOf(end),
    embedded: { id: file.id, title: file.title },
  });
}

/** NOT_FOUND, pointing at the file's own id when the reference names a file the note does not embed. */
async function notEmbedded(note: Note, reference: string, env: ToolEnv): Promise<Result<ViewTarget>> {
  const resolved =
    env.registry.get('notes.resolveByTitle') === undefined
      ? null
      : await env.registry.read('notes.resolveByTitle', [reference], { caller: env.caller });
  const id = resolved?.ok ? (resolved.value as { id: string | null }).id : null;
  const message =
    id === null
      ? `${note.title} has no attachment or embedded file named ${reference}`
      : `${note.title} does not embed ${reference}; view that file by its own id: {"id": "${id}"}`;
  return fail('NOT_FOUND', message, { field: 'attachment' });
}
