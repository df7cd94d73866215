import type { Tool } from '../defineTool';
import { listCanvasesTool, readCanvasElementsTool, readCanvasTool } from './canvasReadTools';
import { addCanvasItemTool, drawOnCanvasTool, editCanvasElementsTool } from './canvasWriteTools';

/** The canvas tools: the reads of spec 4.1 and the three write tools Cairn designs (docs/agent-tools.md). */
export const CANVAS_TOOLS: readonly Tool[] = [
  listCanvasesTool,
  readCanvasTool,
  readCanvasElementsTool,
  drawOnCanvasTool,
  editCanvasElementsTool,
  addCanvasItemTool,
];
