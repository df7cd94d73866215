import { addCanvasItem, drawOnCanvas, editCanvasElements } from './canvasWriteTools';
import { createTask } from './createTaskTool';
import { desktopDescribe, desktopRead, desktopWrite } from './genericTools';
import {
  createFolder,
  createNote,
  deleteFolder,
  deleteNote,
  renameFolder,
  renameNote,
} from './noteWriteTools';
import { listCanvases, readCanvas, readCanvasElements } from './readCanvasTools';
import {
  getInboxItem,
  getJournalEntry,
  getTags,
  listInboxItems,
  listJournalEntries,
} from './readJournalInboxTools';
import { getCurrentNote, listFolder, readNote, searchNotes, viewFile } from './readNoteTools';
import { getProject, getTask, listProjects, listStatuses, listTasks } from './readTaskTools';
import type { ToolSpec } from './toolSpec';

/**
 * Every `vault_*` tool's spec, in the order of spec 4.1, 4.2 and 4.3, then the canvas writes.
 * A spec is data; a tool is offered only once a definition with a handler exists and its
 * operations are registered (see defineTool and createToolHost).
 */
export const TOOL_SPECS: readonly ToolSpec[] = [
  searchNotes,
  readNote,
  viewFile,
  listFolder,
  getCurrentNote,
  listTasks,
  getTask,
  listProjects,
  getProject,
  listStatuses,
  getJournalEntry,
  listJournalEntries,
  listInboxItems,
  getInboxItem,
  getTags,
  listCanvases,
  readCanvas,
  readCanvasElements,
  createNote,
  renameNote,
  deleteNote,
  createFolder,
  renameFolder,
  deleteFolder,
  createTask,
  desktopDescribe,
  desktopRead,
  desktopWrite,
  drawOnCanvas,
  editCanvasElements,
  addCanvasItem,
];
