/**
 * MCP protocol versions this server speaks, newest first. Change log:
 * - 2026-11: 2025-11-25 and 2026-07-28 (issue 6).
 */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25'] as const;

/** The client's version when we speak it, else our newest (the client then decides to go on or not). */
export function negotiateProtocolVersion(requested: unknown): string {
  const supported: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;
  return typeof requested === 'string' && supported.includes(requested)
    ? requested
    : SUPPORTED_PROTOCOL_VERSIONS[0];
}
