import type { NoteWithContent } from '../../ops/notes/noteShape';
import { type OpError, ok, type Result } from '../../ops/result';
import type { ToolEnv, ToolOutput } from '../defineTool';
import { findCheckboxLines } from './checkboxLines';
import { type CreatedTask, convertCheckboxes } from './checkboxTasks';
import { noteWriteReply } from './noteWriteReply';

interface NewNote {
  title: string;
  content: string;
  folder?: string;
}

/** Converts the stored note's open checkbox lines and links them in its body (one more write). */
async function convertStored(id: string, env: ToolEnv): Promise<{ created: CreatedTask[]; error?: OpError }> {
  const { registry, caller, approve } = env;
  const read = await registry.read('notes.get', [id], { caller });
  if (!read.ok) return { created: [], error: read.error };
  // Offsets come from the body as stored, which is what gets rewritten.
  const stored = (read.value as NoteWithContent).content;
  const lines = findCheckboxLines(stored);
  if (lines.length === 0) return { created: [] };
  const done = await convertCheckboxes(id, stored, lines, env);
  if (done.created.length === 0) return done;
  const saved = await registry.write('notes.update', [id, { content: done.markdown }], { caller, approve });
  return saved.ok ? done : { created: done.created, error: saved.error };
}

/**
 * vault_create_note's write (spec 4.2): the note, then, when the owner turned on task conversion
 * for agents, its open checkbox lines as tasks listed in `created_tasks` (present, possibly empty,
 * exactly when conversion is on). A conversion that stopped early says why in
 * `created_tasks_error`; the note itself was created either way.
 */
export async function createNoteWithTasks(
  note: NewNote,
  convert: boolean,
  env: ToolEnv,
): Promise<Result<ToolOutput>> {
  const { registry, caller, approve } = env;
  const created = await registry.write('notes.create', [note], { caller, approve });
  if (!created.ok) return created;
  const id = (created.value as { id: string }).id;
  const conversion = convert ? await convertStored(id, env) : null;
  const reply = await noteWriteReply(id, registry, caller);
  if (!reply.ok || conversion === null) return reply;
  const json = {
    ...(reply.value.json as object),
    created_tasks: conversion.created,
    ...(conversion.error ? { created_tasks_error: conversion.error } : {}),
  };
  return ok({ ...reply.value, json });
}
