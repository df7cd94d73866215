/**
 * WebSocket notifications (spec 2.5, 6.1). Path `GET /sync/socket` (upgrade). Browsers cannot
 * set headers on a WebSocket, so the handshake carries:
 * - the access token as a `bearer.<token>` entry of `Sec-WebSocket-Protocol`, next to
 *   SOCKET_PROTOCOL, which the server selects (a client offers both);
 * - the vault as `X-Svc-Vault-Id` or query `vault`; the types as `X-Svc-Sync-Types` or query
 *   `types`; the item opt-in as `X-Svc-Socket-Items: 1` or query `items=1`.
 * The frame discriminator is `type`. The client sends the text `ping` every 25 s; the server
 * answers `pong`.
 */
import type { PullItem } from './pull';

export const SOCKET_PATH = '/sync/socket';
export const SOCKET_PROTOCOL = 'cairn-sync.v1';
/** Socket item frames carry at most this many bytes of items (`SYNC_SOCKET_ITEMS_MAX_BYTES`). */
export const SOCKET_ITEMS_MAX_BYTES = 64 * 1024;
/**
 * A client message over this many bytes is closed 1009 (docs/protocol.md "Sockets": the client's
 * one frame is the 4-byte `ping`; the runtime's own limit, 32 MiB, is far above).
 */
export const SOCKET_CLIENT_MESSAGE_MAX_BYTES = 1024;

export type SocketFrame =
  | { type: 'connected' }
  /** `items` and `committedAtMs` only for sockets that opted in, filtered to their types */
  | { type: 'changes_available'; cursor: number; items?: PullItem[]; committedAtMs?: number }
  /** `cursor` omitted when nothing new was stored (a duplicate update) */
  | { type: 'crdt_updated'; noteId: string; cursor?: number }
  /** sent to a revoked device's sockets right before they are closed (code 4001) */
  | { type: 'device_revoked'; deviceId: string };
