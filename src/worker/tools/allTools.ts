import { CANVAS_TOOLS } from './canvas';
import { TOOL_SPECS } from './catalog';
import type { Tool } from './defineTool';
import { GENERIC_TOOLS } from './generic';
import { getInboxItemTool, listInboxItemsTool } from './inbox/inboxTools';
import { getJournalEntryTool, listJournalEntriesTool } from './journal/journalTools';
import { NOTE_TOOLS } from './notes';
import { searchNotesTool } from './search/searchNotesTool';
import { getTagsTool } from './tags/getTagsTool';
import { TASK_TOOLS } from './tasks';
import { viewFileTool } from './view/viewFileTool';

const order = new Map(TOOL_SPECS.map((spec, i) => [spec.name, i]));

/**
 * Every tool that has a handler, in the catalogue's order (spec 4.1, 4.2, 4.3). The host still
 * lists only those whose operations are registered. A catalogue spec without a handler here is a
 * tool not built yet; it is never offered.
 */
export const ALL_TOOLS: readonly Tool[] = [
  searchNotesTool,
  ...NOTE_TOOLS,
  viewFileTool,
  ...TASK_TOOLS,
  getJournalEntryTool,
  listJournalEntriesTool,
  listInboxItemsTool,
  getInboxItemTool,
  getTagsTool,
  ...CANVAS_TOOLS,
  ...GENERIC_TOOLS,
].sort((a, b) => (order.get(a.spec.name) ?? 0) - (order.get(b.spec.name) ?? 0));
