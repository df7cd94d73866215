import { ok } from '../../ops/result';
import { createNote, deleteNote, renameNote } from '../catalog/noteWriteTools';
import { defineTool, jsonOutput } from '../defineTool';
import { noteWriteReply } from './noteWriteReply';
import { withTags } from './withTags';

function titleOf(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const title = (value as { title?: unknown }).title;
  return typeof title === 'string' ? title : null;
}

/**
 * Spec 4.2 vault_create_note. Checkbox lines stay plain checkboxes: task conversion for agents is
 * a setting that does not exist yet, and while it is off `created_tasks` is absent (spec 2.2).
 */
export const createNoteTool = defineTool({
  spec: createNote,
  operations: ['notes.create', 'notes.get'],
  summarize: ({ title, folder_path }) => `Create note "${title}"${folder_path ? ` in ${folder_path}` : ''}`,
  handler: async ({ title, content_markdown, folder_path, tags }, { registry, caller, approve }) => {
    const markdown = withTags(content_markdown, tags);
    if (!markdown.ok) return markdown;
    const note = {
      title,
      content: markdown.value,
      ...(folder_path === undefined ? {} : { folder: folder_path }),
    };
    const created = await registry.write('notes.create', [note], { caller, approve });
    if (!created.ok) return created;
    return noteWriteReply((created.value as { id: string }).id, registry, caller);
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
