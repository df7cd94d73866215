import { readNote } from '../../domain/notes/frontmatter/readNote';
import type { Caller } from '../../ops/context';
import type { NoteWithContent } from '../../ops/notes/noteShape';
import type { Registry } from '../../ops/registry';
import { ok, type Result } from '../../ops/result';
import { jsonOutput, type ToolOutput } from '../defineTool';
import { cited, noteRef } from '../reply/links';
import { bodyDigest } from './bodyDigest';

/**
 * The reply of vault_create_note and vault_rename_note (spec 4.2): read back through notes.get
 * after the write, so `body_bytes`/`body_sha256` describe what was stored, not what was sent.
 */
export async function noteWriteReply(
  id: string,
  registry: Registry,
  caller: Caller,
): Promise<Result<ToolOutput>> {
  const read = await registry.read('notes.get', [id], { caller });
  if (!read.ok) return read;
  const note = read.value as NoteWithContent;
  const reply = cited(
    {
      id: note.id,
      title: note.title,
      folder_path: note.folder,
      tags: note.tags,
      properties: readNote(note.content).frontmatter,
      ...bodyDigest(note.content),
    },
    noteRef(note.id, note.title),
  );
  return ok(jsonOutput(reply));
}
