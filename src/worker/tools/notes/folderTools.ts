import { ok } from '../../ops/result';
import { createFolder, deleteFolder, renameFolder } from '../catalog/noteWriteTools';
import { defineTool, jsonOutput } from '../defineTool';
import { cited, folderRef } from '../reply/links';

/** Spec 2.2 folder write reply: `{path, href, source_ref, sources}`, kind folder, id and title the path. */
function folderReply(path: string) {
  return jsonOutput(cited({ path }, folderRef(path)));
}

function pathOf(value: unknown): string {
  return (value as { path: string }).path;
}

export const createFolderTool = defineTool({
  spec: createFolder,
  operations: ['notes.createFolder'],
  summarize: ({ path }) => `Create folder ${path}`,
  handler: async ({ path }, { registry, caller, approve }) => {
    const created = await registry.write('notes.createFolder', [path], { caller, approve });
    return created.ok ? ok(folderReply(pathOf(created.value))) : created;
  },
});

export const renameFolderTool = defineTool({
  spec: renameFolder,
  operations: ['notes.renameFolder'],
  summarize: ({ old_path, new_path }) => `Move folder ${old_path} to ${new_path}`,
  preview: async ({ old_path, new_path }) => ({ diff: `- ${old_path}\n+ ${new_path}` }),
  handler: async ({ old_path, new_path }, { registry, caller, approve }) => {
    const renamed = await registry.write('notes.renameFolder', [old_path, new_path], { caller, approve });
    return renamed.ok ? ok(folderReply(pathOf(renamed.value))) : renamed;
  },
});

/** Spec 2.2 folder delete reply: `{path}`. */
export const deleteFolderTool = defineTool({
  spec: deleteFolder,
  operations: ['notes.deleteFolder'],
  summarize: ({ path }) => `Delete folder ${path} and everything in it`,
  handler: async ({ path }, { registry, caller, approve }) => {
    const deleted = await registry.write('notes.deleteFolder', [path], { caller, approve });
    return deleted.ok ? ok(jsonOutput({ path: pathOf(deleted.value) })) : deleted;
  },
});
