/**
 * The storage port of the search index: a key-value store of text chunks. The worker backs it
 * with one Dexie table (key → string); tests and the bench use MemorySearchStore. Guarantees the
 * index relies on: `write` applies all its puts and deletes atomically (one transaction) or
 * none; `get` sees every completed `write`.
 */
export interface SearchStore {
  get(keys: readonly string[]): Promise<Map<string, string>>;
  write(puts: ReadonlyMap<string, string>, deletes: readonly string[]): Promise<void>;
  /** every key starting with `prefix` */
  keys(prefix: string): Promise<string[]>;
  clear(): Promise<void>;
}

/** An in-memory SearchStore; values are strings, so what it holds is what Dexie would hold. */
export class MemorySearchStore implements SearchStore {
  readonly data = new Map<string, string>();

  async get(keys: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const k of keys) {
      const v = this.data.get(k);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  }

  async write(puts: ReadonlyMap<string, string>, deletes: readonly string[]): Promise<void> {
    for (const k of deletes) this.data.delete(k);
    for (const [k, v] of puts) this.data.set(k, v);
  }

  async keys(prefix: string): Promise<string[]> {
    return [...this.data.keys()].filter((k) => k.startsWith(prefix));
  }

  async clear(): Promise<void> {
    this.data.clear();
  }

  /** total characters stored (a size figure for stats and the bench) */
  get size(): number {
    let n = 0;
    for (const [k, v] of this.data) n += k.length + v.length;
    return n;
  }
}
