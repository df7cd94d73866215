import { classifyFile, type FiledType } from '../files/fileTypes';
import { checkName, TITLE_MAX } from './paths/nameRules';
import { accept, type Checked, refuse } from './validationError';

/**
 * Attachments (docs/notes.md, "Attachments"): files embedded in one note, stored as filed files
 * at `attachments/<note_id>/<name>` (spec 2.2, `vault_view_file.file`). Keyed by the note's id, so
 * renaming or moving the note never moves them; deleting the note deletes them.
 */
export const ATTACHMENTS_ROOT = 'attachments';

/** The folder path of a note's attachments. */
export function attachmentFolder(noteId: string): string {
  return `${ATTACHMENTS_ROOT}/${noteId}`;
}

/** The note id whose attachment folder this is, or null. */
export function attachmentOwner(folderPath: string): string | null {
  const prefix = `${ATTACHMENTS_ROOT}/`;
  if (!folderPath.startsWith(prefix)) return null;
  const rest = folderPath.slice(prefix.length);
  return rest === '' || rest.includes('/') ? null : rest;
}

export interface AttachmentName {
  name: string;
  type: FiledType;
  mime: string;
}

/**
 * Checks an attachment's file name: the title rules (no `/` or `\`, not `.`/`..`, no control or
 * reserved characters, at most 200 characters) and a type among pdf, image, audio and video
 * (by extension, else by the declared MIME type). A markdown file is a note, not an attachment.
 */
export function checkAttachmentName(raw: string, declaredMime = '', field = 'name'): Checked<AttachmentName> {
  const checked = checkName(raw, field, 'attachment name', TITLE_MAX);
  if (!checked.ok) return checked;
  const name = checked.value;
  const kind = classifyFile(name, declaredMime);
  if (kind === null || kind.type === 'markdown') {
    return refuse(
      field,
      kind === null
        ? `"${name}" is not a PDF, image, audio or video file.`
        : `"${name}" is a markdown file: import it as a note, not as an attachment.`,
      'a pdf, image, audio or video file name such as photo.png',
    );
  }
  return accept({ name, type: kind.type, mime: kind.mime });
}

/** `name` if free, else `stem 1.ext`, `stem 2.ext`, … (compared case-insensitively). */
export function freeAttachmentName(name: string, taken: (lowerName: string) => boolean): string {
  if (!taken(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 1; ; n++) {
    const candidate = `${stem} ${n}${ext}`;
    if (!taken(candidate.toLowerCase())) return candidate;
  }
}
