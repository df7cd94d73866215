import type { Caller } from '../ops/context';

/** One line naming who asked, for the approval dialog and the audit log. */
export function describeCaller(caller: Caller): string {
  if (caller.kind === 'ui') return 'you (the app)';
  const name = caller.clientName === undefined ? '' : ` (${caller.clientName})`;
  const surface = {
    mcp: 'MCP client at /mcp',
    webmcp: 'WebMCP agent',
    page: 'page script (window.cairnAgent)',
  }[caller.surface];
  return `${surface}${name}`;
}
