import type { Tool } from '../defineTool';
import { currentNoteTool } from './currentNoteTool';
import { createFolderTool, deleteFolderTool, renameFolderTool } from './folderTools';
import { listFolderTool } from './listFolderTool';
import { createNoteTool, deleteNoteTool, renameNoteTool } from './noteWriteTools';
import { readNoteTool } from './readNoteTool';

/** The vault_* note and folder tools built on the notes operations. */
export const NOTE_TOOLS: readonly Tool[] = [
  readNoteTool,
  listFolderTool,
  currentNoteTool,
  createNoteTool,
  renameNoteTool,
  deleteNoteTool,
  createFolderTool,
  renameFolderTool,
  deleteFolderTool,
];
