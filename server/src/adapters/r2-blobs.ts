import { BLOB_CONCURRENCY, mapPool } from '../domain/pool';
import type { BlobStore } from '../ports/blobs';

/** The BlobStore port over an R2 bucket (one object per key; batches are bounded fan-outs). */
export function r2Blobs(bucket: R2Bucket): BlobStore {
  const get = async (key: string) => {
    const obj = await bucket.get(key);
    return obj ? new Uint8Array(await obj.arrayBuffer()) : null;
  };
  return {
    async put(key, bytes) {
      await bucket.put(key, bytes);
    },
    get,
    async putMany(entries) {
      await mapPool(entries, BLOB_CONCURRENCY, (e) => bucket.put(e.key, e.bytes));
    },
    getMany: (keys) => mapPool(keys, BLOB_CONCURRENCY, get),
    async delete(keys) {
      if (keys.length > 0) await bucket.delete([...keys]);
    },
    async list(prefix, limit) {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({
          prefix,
          limit: Math.min(1000, limit - keys.length),
          ...(cursor ? { cursor } : {}),
        });
        keys.push(...page.objects.map((o) => o.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor && keys.length < limit);
      return keys;
    },
  };
}
