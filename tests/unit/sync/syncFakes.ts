import type { DeviceSigningKey, VaultKeyring } from '../../../src/sync/crypto';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { BodyPort, ItemKey, RecordSnapshot, StatePort } from '../../../src/sync/engine/ports';
import type { KeyDirectory } from '../../../src/sync/engine/pull/keyDirectory';
import type { PullDeps } from '../../../src/sync/engine/pull/pullDeps';
import { sealPushItem } from '../../../src/sync/engine/push/sealPushItem';
import type { PullItem } from '../../../src/sync/protocol/pull';
import type { NoteRow } from '../../../src/worker/db/notesTables';
import { emptyRecords } from './emptyRecords';

/**
 * In-memory fakes the sync tests share: the engine's key-value state over a Map, an empty body
 * port, a key directory that knows one key, the pull's deps over a scripted service, and a sealed item as a pull answers it.
 */

/** The engine's key-value state over `stored` (the test reads and seeds it); `onSet` is told every key written. */
export function memoryState(stored: Map<string, unknown>, onSet?: (key: string) => void): StatePort {
  return {
    get: async <T>(k: string) => stored.get(k) as T | undefined,
    set: async (k, v) => {
      onSet?.(k);
      stored.set(k, v);
    },
  };
}

/** A body port with nothing to upload and nothing stored. */
export const emptyBodies = (): BodyPort => ({
  applyRemote: async () => {},
  uploadInfo: async () => new Map(),
  markOf: async () => null,
  marksOf: async () => new Map(),
  bodyIds: async () => [],
  setMarks: async () => {},
});

/** A signing-key directory that answers `publicKey` for every device. */
export const oneKeyDirectory = (publicKey: Uint8Array): KeyDirectory =>
  ({ keyOf: async () => ({ ok: true, value: publicKey }) }) as unknown as KeyDirectory;

/**
 * The pull's deps over `call` and the state in `state`: no local records, no bodies, a fresh
 * session, clock at 0, app version 0.1.0, never stopped; `over` replaces any of them.
 */
export function pullDepsOver(
  call: SyncCall,
  keyring: VaultKeyring,
  state: Map<string, unknown>,
  over: Partial<PullDeps> & Pick<PullDeps, 'types'>,
): PullDeps {
  return {
    call,
    keyring,
    keys: {} as KeyDirectory,
    records: emptyRecords(async () => null),
    bodies: emptyBodies(),
    session: new Map(),
    state: memoryState(state),
    now: () => 0,
    appVersion: '0.1.0',
    stopped: () => false,
    ...over,
  };
}

/**
 * `record` sealed and signed by `signer` as the service's pull answers it (no delete attestation,
 * cursor 1, no timestamps, platform or version unless `over` gives them).
 */
export async function pulledItem(
  keyring: VaultKeyring,
  signer: { key: DeviceSigningKey; deviceId: string },
  ref: ItemKey,
  record: RecordSnapshot,
  over: Partial<PullItem> = {},
): Promise<PullItem> {
  return {
    ...(await sealPushItem(keyring, signer, ref, record)),
    deleteAttestation: null,
    serverCursor: 1,
    committedAtMs: null,
    createdAt: 0,
    updatedAt: 0,
    platform: null,
    version: null,
    ...over,
  };
}

/** A note's row as the notes table stores it (markdown, in the root folder, synced). */
export const noteRow = (id: string, title = id): NoteRow => ({
  id,
  title,
  titleKey: title.toLowerCase(),
  folderPath: '',
  fileType: 'markdown',
  snippet: '',
  wordCount: 0,
  tags: [],
  emoji: null,
  localOnly: false,
  created: 1,
  modified: 1,
});
