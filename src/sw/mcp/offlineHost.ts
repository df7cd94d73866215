import type { ToolHost } from '../../worker/tools/toolHost';
import type { McpToolsFile } from './bridgeMessages';

/** Where a tools/call goes when no Cairn window is open: nowhere, with a reason an agent can act on. */
export const NO_WINDOW_MESSAGE =
  'No Cairn window is open, so no vault can answer. Open Cairn in a browser tab (same origin) and call again.';

/**
 * The host the service worker answers with when no window is open: tools/list from the precached
 * document (so it works offline and with every tab closed), every call refused with NO_WINDOW.
 */
export function offlineHost(file: McpToolsFile | null): ToolHost {
  return {
    listTools: () => file?.tools ?? [],
    callTool: async () => ({ ok: false, error: { code: 'NO_WINDOW', message: NO_WINDOW_MESSAGE } }),
  };
}
