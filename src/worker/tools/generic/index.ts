import type { Tool } from '../defineTool';
import { describeTool } from './describeTool';
import { readTool } from './readTool';
import { writeTool } from './writeTool';

/** The three generic tools of spec 4.3, built entirely on the registry. */
export const GENERIC_TOOLS: readonly Tool[] = [describeTool, readTool, writeTool];
