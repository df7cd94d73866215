import type { Tool } from '../defineTool';
import { createTaskTool } from './createTaskTool';
import { listTasksTool } from './listTasksTool';
import { getProjectTool, getTaskTool, listProjectsTool, listStatusesTool } from './taskReadTools';

/** The vault_* task, project and status tools built on the tasks operations. */
export const TASK_TOOLS: readonly Tool[] = [
  listTasksTool,
  getTaskTool,
  listProjectsTool,
  getProjectTool,
  listStatusesTool,
  createTaskTool,
];
