import { base64 } from '@scure/base';
import type { FromSchema } from 'json-schema-to-ts';
import { type ImportSource, importFiles } from '../../stores/importer';
import type { NotesStore } from '../../stores/notesStore';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok, type Result } from '../result';
import { notePath } from './noteShape';

/** Files per call: one approval covers them, and the reply lists each. */
export const IMPORT_MAX_FILES = 100;
/** Decoded bytes of all files of one call: the request is one JSON message through /mcp. */
export const IMPORT_MAX_TOTAL_BYTES = 10 * 1024 * 1024;

/** One file of notes.importFiles (and tasks.importFilesToProject): the single definition of its shape. */
export const IMPORT_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'content'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description: "file name with its extension (.md, .pdf, .png, ...); may hold '/' for sub-folders",
    },
    content: { type: 'string', description: 'the file: text for utf8, standard padded base64 for base64' },
    encoding: { enum: ['utf8', 'base64'], description: "default 'utf8'" },
    folder: { type: 'string', description: "vault folder to import into; '' (the default) is the root" },
  },
} as const;

export const IMPORT_FILES_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: IMPORT_MAX_FILES,
  items: IMPORT_FILE_SCHEMA,
} as const;

export interface ImportFilesReply {
  created: { name: string; id: string; path: string; title: string; fileType: string }[];
  refused: { name: string; reason: string }[];
  notes: number;
  files: number;
  attachments: number;
}

const sourcePath = (f: { name: string; folder?: string }) =>
  f.folder ? `${f.folder.replace(/\/+$/, '')}/${f.name}` : f.name;

/**
 * notes.importFiles(files) for agents (docs/notes.md "notes.importFiles"): the UI's importer
 * (stores/importer.ts) over files given as JSON. Every file is checked (encoding, total size)
 * before anything is written; a file the importer cannot take (hidden, unknown kind, too large)
 * is refused on its own with the reason, the others are imported.
 */
export function importFilesOperations(notes: NotesStore): Operation[] {
  return [
    defineOperation({
      name: 'notes.importFiles',
      summary: 'Import markdown notes and pdf, image, audio or video files given as text or base64',
      kind: 'write',
      requiresApproval: true,
      params: [
        {
          name: 'files',
          required: true,
          schema: IMPORT_FILES_SCHEMA,
        },
      ] as const,
      handler: ([files]) => importJsonFiles(notes, files, 0),
    }),
  ];
}

export type ImportFile = FromSchema<typeof IMPORT_FILE_SCHEMA>;

/**
 * Imports files given as JSON through the UI's importer. Every file is decoded and the total size
 * checked before anything is written (a refusal names `args[<at>][i]` and writes nothing); a
 * file the importer cannot take is refused on its own in `refused`, the others are imported.
 */
export async function importJsonFiles(
  notes: NotesStore,
  files: readonly ImportFile[],
  at: number,
): Promise<Result<ImportFilesReply>> {
  const sources: ImportSource[] = [];
  let total = 0;
  for (const [i, f] of files.entries()) {
    let bytes: Uint8Array;
    if (f.encoding === 'base64') {
      try {
        bytes = base64.decode(f.content);
      } catch {
        return fail('VALIDATION', `files[${i}].content is not standard padded base64.`, {
          field: `args[${at}][${i}].content`,
          expected: 'base64',
        });
      }
    } else bytes = new TextEncoder().encode(f.content);
    total += bytes.byteLength;
    if (total > IMPORT_MAX_TOTAL_BYTES) {
      return fail('VALIDATION', `The files add up to more than ${IMPORT_MAX_TOTAL_BYTES} bytes.`, {
        field: `args[${at}]`,
        expected: `at most ${IMPORT_MAX_TOTAL_BYTES} bytes in all`,
      });
    }
    sources.push({ path: sourcePath(f), file: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
  }
  const paths = new Set<string>();
  for (const [i, s] of sources.entries()) {
    if (paths.has(s.path)) {
      return fail('VALIDATION', `Two files are named "${s.path}".`, { field: `args[${at}][${i}].name` });
    }
    paths.add(s.path);
  }
  const done = await importFiles(notes, sources, '', () => {});
  if (!done.ok) return done;
  const rows = new Map(
    (await Promise.all(done.value.created.map((c) => notes.getHeader(c.id)))).flatMap((r) =>
      r ? [[r.id, r] as const] : [],
    ),
  );
  return ok({
    created: done.value.created.map((c) => {
      const row = rows.get(c.id);
      return {
        name: c.path,
        id: c.id,
        path: row ? notePath(row) : c.title,
        title: c.title,
        fileType: c.fileType,
      };
    }),
    refused: done.value.skipped.map((s) => ({ name: s.path, reason: s.reason })),
    notes: done.value.notes,
    files: done.value.files,
    attachments: done.value.attachments,
  });
}
