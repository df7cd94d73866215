import type { SocketFrame } from '../../../src/sync/protocol/socket';
import type { HubFrame, SocketOptions } from '../ports/hub';

/**
 * The frame one socket receives for a hub frame (spec 6.1 socket items rules): items only for a
 * socket that opted in, whose token has not expired, filtered to its declared types; every other
 * socket gets the hint-only frame. Pure.
 */
export function frameFor(frame: HubFrame, socket: SocketOptions, nowMs: number): SocketFrame {
  if (frame.type === 'crdt_updated') {
    return frame.cursor === undefined
      ? { type: 'crdt_updated', noteId: frame.noteId }
      : { type: 'crdt_updated', noteId: frame.noteId, cursor: frame.cursor };
  }
  const hint: SocketFrame = { type: 'changes_available', cursor: frame.cursor };
  if (!frame.items || !socket.items || nowMs >= socket.tokenExpiresAtMs) return hint;
  const types = new Set(socket.types);
  const items = frame.items.filter((i) => types.has(i.type));
  return { ...hint, items, committedAtMs: frame.committedAtMs as number };
}
