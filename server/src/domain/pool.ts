/**
 * Object-store calls in flight per request. Workers allow 6 simultaneous open connections per
 * invocation (R2 calls included); more only queue, and past it a stalled call can be cancelled.
 */
export const BLOB_CONCURRENCY = 6;

/**
 * Runs `work` over `items` with at most `limit` calls in flight; results in input order. Used
 * for object-store calls, where unbounded fan-out only queues inside the store.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
