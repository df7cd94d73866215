/** A stored setting: `group.field` and its value, as written (validated on the way in and out). */
export interface StoredSetting {
  key: string;
  value: unknown;
}

/**
 * Where the settings of one kind are kept. Guarantees: `write` is atomic (all entries or none)
 * and announces the written keys on the vault's change feed only after it committed; `read`
 * returns exactly the stored keys that start with `prefix`.
 */
export interface SettingsBackend {
  /** the change-feed table its writes are announced under */
  readonly table: string;
  read(prefix: string): Promise<StoredSetting[]>;
  write(entries: readonly StoredSetting[]): Promise<void>;
}

/** A backend in memory: for a store without a device database (tests, the describe build). */
export function memorySettingsBackend(table: string, announce: (keys: string[]) => void): SettingsBackend {
  const rows = new Map<string, unknown>();
  return {
    table,
    async read(prefix) {
      return [...rows].filter(([k]) => k.startsWith(prefix)).map(([key, value]) => ({ key, value }));
    },
    async write(entries) {
      for (const e of entries) rows.set(e.key, structuredClone(e.value));
      announce(entries.map((e) => e.key));
    },
  };
}
