import {
  createVaultKeyRecord,
  deriveVaultKeyring,
  encodeVaultKeyRecord,
  generateDeviceKey,
  generateRecoverySecret,
  generateVaultKey,
} from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { IncomingRecord, ItemKey, RecordPort } from '../../../src/sync/engine/ports';
import type { KeyDirectory } from '../../../src/sync/engine/pull/keyDirectory';
import type { PullDeps } from '../../../src/sync/engine/pull/pullDeps';
import type { ItemRef, PullItem } from '../../../src/sync/protocol/pull';
import { emptyRecords } from './emptyRecords';
import { pullDepsOver, pulledItem } from './syncFakes';

const VAULT = '0b6f0000-0000-4000-8000-000000000007';

/**
 * What the scripted service answers for an asked item: the sealed item, `missing` (blobMissing),
 * `forged` (signed by a key the directory does not know), `damaged` (signed, but its payload bytes
 * altered after signing, as storage or transit may), `foreign` (signed by the account's device but
 * sealed under another vault key), `tombstone` (a sealed delete) or nothing (`gone`).
 */
export type Answer = 'item' | 'missing' | 'forged' | 'damaged' | 'foreign' | 'tombstone' | 'gone';

/**
 * A scripted service for the pull on its ports: the feed lists `feed` once (cursor 1), then
 * nothing; the manifest lists it live. `answer` decides, per pull request, what comes back for
 * each asked item (a bare id is a note). `asked` logs the ids of each `POST /sync/pull`.
 * `GET /auth/key-verifier` answers the vault key record of `keyring` (`keyRecord: 'account'`, the
 * default) or none (`'none'`); `verifierReads` counts those requests.
 */
export async function scriptedService(
  feed: (string | ItemKey)[],
  answer: (id: string, type: string) => Answer,
) {
  const refs = feed.map((r) => (typeof r === 'string' ? { type: 'note', id: r } : r));
  const vaultKey = generateVaultKey();
  const keyring = deriveVaultKeyring(vaultKey, VAULT);
  const record = encodeVaultKeyRecord(createVaultKeyRecord(vaultKey, VAULT, generateRecoverySecret()));
  const elsewhere = deriveVaultKeyring(generateVaultKey(), VAULT);
  const script = { keyRecord: 'account' as 'account' | 'none', verifierReads: 0 };
  const signer = { key: await generateDeviceKey(undefined), deviceId: 'dev' };
  const stranger = { key: await generateDeviceKey(undefined), deviceId: 'stranger' };
  const seal = (
    { type, id }: ItemKey,
    by: typeof signer,
    sealer = keyring,
    deletedAt: number | null = null,
  ): Promise<PullItem> =>
    pulledItem(
      sealer,
      by,
      { type, id },
      { clock: { dev: 1 }, deletedAt, payload: deletedAt === null ? { id, title: id } : {} },
    );
  const asked: string[][] = [];
  const call = (async (_m: string, path: string, o?: CallOptions): Promise<SyncResult<unknown>> => {
    if (path.startsWith('/sync/changes')) {
      const from = Number(new URL(path, 'http://x').searchParams.get('cursor'));
      const listed = from >= 1 ? [] : refs.map((r) => ({ ...r, serverCursor: 1, deleted: false }));
      return { ok: true, value: { refs: listed, nextCursor: 1, serverTimeMs: 0, noteBodies: [] } };
    }
    if (path === '/auth/key-verifier') {
      script.verifierReads++;
      return { ok: true, value: { verifier: script.keyRecord === 'account' ? record : null, updatedAt: 0 } };
    }
    if (path.startsWith('/sync/manifest')) {
      const items = refs.map((r) => ({ ...r, serverCursor: 1, deleted: false, contentHash: '' }));
      return { ok: true, value: { items, nextCursor: null } };
    }
    const wanted = (o!.body as { items: ItemRef[] }).items;
    asked.push(wanted.map((r) => r.id));
    const items: PullItem[] = [];
    const blobMissing: ItemRef[] = [];
    for (const ref of wanted) {
      const a = answer(ref.id, ref.type);
      if (a === 'item') items.push(await seal(ref, signer));
      else if (a === 'forged') items.push(await seal(ref, stranger));
      else if (a === 'foreign') items.push(await seal(ref, signer, elsewhere));
      else if (a === 'tombstone') items.push(await seal(ref, signer, keyring, 5));
      else if (a === 'damaged') {
        const item = await seal(ref, signer);
        items.push({ ...item, payload: `${item.payload.slice(0, -2)}x${item.payload.slice(-1)}` });
      } else if (a === 'missing') blobMissing.push(ref);
    }
    return { ok: true, value: { items, blobMissing } };
  }) as SyncCall;
  const keys = {
    keyOf: async (deviceId: string) => ({
      ok: true,
      value: deviceId === 'dev' ? signer.key.publicKey : null,
    }),
  } as unknown as KeyDirectory;
  // `otherKeyring`: the key a device holds when it is not the account's (its own items open under it)
  return { keyring, otherKeyring: elsewhere, keys, call, asked, script };
}

export type ScriptedService = Awaited<ReturnType<typeof scriptedService>>;

/**
 * The pull's deps over the scripted service and an in-memory state; `applied` logs the ids each
 * apply was given (`records` replaces the whole record port).
 */
export function scriptedPullDeps(
  s: ScriptedService,
  state: Map<string, unknown>,
  now: () => number,
  applied: string[] = [],
  records?: RecordPort,
): PullDeps {
  return pullDepsOver(s.call, s.keyring, state, {
    keys: s.keys,
    records:
      records ??
      emptyRecords(
        async () => null,
        (items: IncomingRecord[]) => void applied.push(...items.map((i) => i.id)),
      ),
    types: ['note', 'task', 'note_body', 'purged_tombstones'],
    now,
    appVersion: '2.0.0',
  });
}
