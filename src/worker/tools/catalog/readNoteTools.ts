import { FILE_TYPES, NO_ARGUMENTS, NON_EMPTY, PAGE } from './fragments';
import { defineToolSpec, readAnnotations } from './toolSpec';

/** Spec 4.1: the read tools over notes and filed files. */
export const searchNotes = defineToolSpec({
  name: 'vault_search_notes',
  title: 'Search notes',
  description:
    'Full-text search over notes and filed files (PDF and image text read on this device, visible text of embedded HTML). Returns entries with a snippet whose matches are wrapped in <mark>.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['query'],
    properties: {
      query: NON_EMPTY,
      limit: { type: 'integer', minimum: 1, maximum: 50 },
      folder_id: NON_EMPTY,
      file_types: { type: 'array', minItems: 1, maxItems: FILE_TYPES.length, items: { enum: FILE_TYPES } },
    },
  },
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const readNote = defineToolSpec({
  name: 'vault_read_note',
  title: 'Read a note',
  description:
    'Read a note (markdown, tags, frontmatter, attachment_text) or the extracted text of a filed PDF or image, in pages of about 100 KB: pass the returned next_page as from_page to continue. Audio and video files are refused.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: NON_EMPTY, from_page: PAGE },
  },
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const viewFile = defineToolSpec({
  name: 'vault_view_file',
  title: 'View an image or PDF page',
  description:
    'Render a filed image, one page of a filed PDF, or a file embedded in a note (id = the note, attachment = the file name, its attachments/<note_id>/<name> path, or an attachment_text[].file of vault_read_note) as PNG (JPEG when large), long edge at most 1568 px, with a JSON part describing it.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: NON_EMPTY, attachment: NON_EMPTY, page: PAGE },
  },
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const listFolder = defineToolSpec({
  name: 'vault_list_folder',
  title: 'List a folder',
  description:
    'List the notes, files and subfolders of a folder (vault-relative path; omitted = the vault root), at most 1000 entries; recursive lists every nested level. A missing folder fails with NOT_FOUND. id is the folder id of a folder source_ref (its path) and may be given instead of path.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: { path: { type: 'string' }, id: NON_EMPTY, recursive: { type: 'boolean' } },
  },
  annotations: readAnnotations(false),
  requiresApproval: false,
});

export const getCurrentNote = defineToolSpec({
  name: 'vault_get_current_note',
  title: 'Get the open note',
  description: 'The note open in the window the call came from, or null when none is open.',
  inputSchema: NO_ARGUMENTS,
  annotations: readAnnotations(true),
  requiresApproval: false,
});
