import type { PullItem } from '../../../src/sync/protocol/pull';

/** What a socket declared at its handshake. */
export interface SocketOptions {
  deviceId: string;
  /** opted in to item frames (`X-Svc-Socket-Items: 1`) */
  items: boolean;
  /** declared record types; items of other types are filtered out */
  types: readonly string[];
  /** the access token's expiry: afterwards the socket gets hint-only frames */
  tokenExpiresAtMs: number;
}

/** A change to fan out; `items` present only when the push committed at most 64 KiB of them. */
export type HubFrame =
  | {
      type: 'changes_available';
      cursor: number;
      items?: PullItem[];
      committedAtMs?: number;
      exceptDeviceId?: string;
    }
  | { type: 'crdt_updated'; noteId: string; cursor?: number; exceptDeviceId?: string };

/**
 * Per-vault notification hub (a Durable Object per vault). `notify` is best-effort: it never
 * throws to the caller; a failure is captured in the background. Several frames (a snapshot batch
 * of 50 notes) go to the hub in ONE call, each still sent to the sockets as its own frame. `connect`
 * upgrades a request into a socket registered with the vault's hub and returns the 101 response.
 */
export interface VaultHub {
  notify(userId: string, vaultId: string, frames: HubFrame | readonly HubFrame[]): Promise<void>;
  connect(
    userId: string,
    vaultId: string,
    options: SocketOptions,
    protocol: string | null,
  ): Promise<Response>;
}
