import type { ObjectStore } from './ports';

/** ObjectStore over the R2 binding (the same bucket as the payload blobs). */
export function r2ObjectStore(bucket: R2Bucket): ObjectStore {
  return {
    async put(key, bytes, size) {
      // a stream needs a known length for R2: wrap it so the binding can read it to the end
      if (bytes instanceof ReadableStream) {
        if (size === undefined) throw new Error('a streamed object needs its size');
        const fixed = new FixedLengthStream(size);
        const piped = bytes.pipeTo(fixed.writable);
        await Promise.all([bucket.put(key, fixed.readable), piped]);
        return;
      }
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
