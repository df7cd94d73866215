import { ok } from '../../ops/result';
import { createNote, deleteNote, renameNote } from '../catalog/noteWriteTools';
import { defineTool, jsonOutput } from '../defineTool';
import { findCheckboxLines } from './checkboxLines';
import { conversionEnabled } from './checkboxTasks';
import { createNoteWithTasks } from './createNoteFlow';
import { noteWriteReply } from './noteWriteReply';
import { withTags } from './withTags';

function titleOf(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const title = (value as { title?: unknown }).title;
  return typeof title === 'string' ? title : null;
}

const createSummary = (title: string, folder: string | undefined) =>
  `Create note "${title}"${folder ? ` in ${folder}` : ''}`;

/**
 * Spec 4.2 vault_create_note. With the owner's "convert checkbox lines to tasks for agents" on,
 * the note's open checkbox lines become tasks (createNoteFlow.ts); the dialog says how many.
 */
export const createNoteTool = defineTool({
  spec: createNote,
  operations: ['notes.create', 'notes.get'],
  summarize: ({ title, folder_path }) => createSummary(title, folder_path),
  preview: async ({ title, folder_path, content_markdown }, { registry, caller }) => {
    if (!(await conversionEnabled(registry, caller))) return {};
    const count = findCheckboxLines(content_markdown).length;
    if (count === 0) return {};
    const tasks = count === 1 ? '1 checkbox line becomes a task' : `${count} checkbox lines become tasks`;
    return { summary: `${createSummary(title, folder_path)}; ${tasks}` };
  },
  handler: async ({ title, content_markdown, folder_path, tags }, env) => {
    const markdown = withTags(content_markdown, tags);
    if (!markdown.ok) return markdown;
    const note = {
      title,
      content: markdown.value,
      ...(folder_path === undefined ? {} : { folder: folder_path }),
    };
    return createNoteWithTasks(note, await conversionEnabled(env.registry, env.caller), env);
  },
});

export const renameNoteTool = defineTool({
  spec: renameNote,
  operations: ['notes.rename', 'notes.get'],
  summarize: ({ id, title }) => `Rename note ${id} to "${title}"`,
  preview: async ({ id, title }, { registry, caller }) => {
    const current = await registry.read('notes.get', [id], { caller });
    const old = current.ok ? titleOf(current.value) : null;
    if (old === null) return {};
    return { summary: `Rename note "${old}" to "${title}"`, diff: `- ${old}\n+ ${title}` };
  },
  handler: async ({ id, title }, { registry, caller, approve }) => {
    const renamed = await registry.write('notes.rename', [id, title], { caller, approve });
    return renamed.ok ? noteWriteReply(id, registry, caller) : renamed;
  },
});

export const deleteNoteTool = defineTool({
  spec: deleteNote,
  operations: ['notes.delete', 'notes.get'],
  summarize: ({ id }) => `Delete note ${id}`,
  preview: async ({ id }, { registry, caller }) => {
    const current = await registry.read('notes.get', [id], { caller });
    const title = current.ok ? titleOf(current.value) : null;
    return title === null ? {} : { summary: `Delete note "${title}"` };
  },
  handler: async ({ id }, { registry, caller, approve }) => {
    const deleted = await registry.write('notes.delete', [id], { caller, approve });
    return deleted.ok ? ok(jsonOutput({ id })) : deleted;
  },
});
