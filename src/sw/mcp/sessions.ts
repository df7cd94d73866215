/**
 * MCP session ids issued on initialize, each remembering the client's announced name. Held in the
 * service worker's memory only: when the browser stops the worker they are forgotten, and later
 * calls simply arrive without a name (sessions never gate access: the origin check does).
 */
export interface McpSessions {
  open(clientName: string | undefined): string;
  nameOf(sessionId: string): string | undefined;
}

const MAX_SESSIONS = 200;

export function createSessions(newId: () => string): McpSessions {
  const names = new Map<string, string | undefined>();
  return {
    open(clientName) {
      const id = newId();
      names.set(id, clientName);
      // Oldest first in a Map: drop the oldest past the cap so memory stays bounded.
      if (names.size > MAX_SESSIONS) {
        const oldest = names.keys().next().value;
        if (oldest !== undefined) names.delete(oldest);
      }
      return id;
    },
    nameOf: (sessionId) => names.get(sessionId),
  };
}
