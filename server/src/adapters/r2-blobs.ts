import type { BlobStore } from '../ports/blobs';

/** The BlobStore port over an R2 bucket. */
export function r2Blobs(bucket: R2Bucket): BlobStore {
  return {
    async put(key, bytes) {
      await bucket.put(key, bytes);
    },
    async get(key) {
      const obj = await bucket.get(key);
      return obj ? new Uint8Array(await obj.arrayBuffer()) : null;
    },
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
