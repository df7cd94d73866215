import type { ObjectStore } from './ports';

/** ObjectStore over the R2 binding (the same bucket as the payload blobs). */
export function r2ObjectStore(bucket: R2Bucket): ObjectStore {
  return {
    async put(key, bytes) {
      await bucket.put(key, bytes);
    },
    async size(key) {
      const head = await bucket.head(key);
      return head ? head.size : null;
    },
    async read(key, range) {
      const obj = await bucket.get(key, range ? { range } : undefined);
      return obj ? { body: obj.body, size: obj.size } : null;
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += 1000) await bucket.delete([...keys.slice(i, i + 1000)]);
    },
  };
}
