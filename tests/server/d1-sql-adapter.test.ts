import { describe, expect, it } from 'vitest';
import { d1Sql } from '../../server/src/adapters/d1-sql';
import { sql } from '../../server/src/ports/sql';

/** A minimal stand-in for the D1 binding: records binds, answers canned rows. */
function fakeD1(rows: Record<string, unknown>[]) {
  const bound: unknown[][] = [];
  const stmt = (text: string) => ({
    text,
    bind: (...params: unknown[]) => {
      bound.push(params);
      return {
        all: async () => ({ results: rows.map((r) => ({ ...r })) }),
        first: async () => (rows[0] ? { ...rows[0] } : null),
        run: async () => ({ meta: { changes: 1 } }),
      };
    },
  });
  const db = {
    prepare: stmt,
    batch: async (stmts: { all: () => Promise<unknown> }[]) => Promise.all(stmts.map((s) => s.all())),
  };
  return { db: db as unknown as Parameters<typeof d1Sql>[0], bound };
}

describe('D1 adapter of the Sql port', () => {
  it('refuses a statement binding 100 or more parameters (chunk the list instead)', async () => {
    const { db } = fakeD1([]);
    const params = Array.from({ length: 100 }, (_, i) => i);
    await expect(d1Sql(db).all(sql(`SELECT ${params.map(() => '?').join(',')}`, ...params))).rejects.toThrow(
      'chunk',
    );
    await expect(d1Sql(db).all(sql('SELECT ?', ...params.slice(0, 99)))).resolves.toEqual([]);
  });

  it('reads BLOB columns back as Uint8Array and binds Uint8Array as ArrayBuffer', async () => {
    const { db, bound } = fakeD1([{ a: [1, 2, 3], b: new Uint8Array([4]).buffer, c: 'text', d: 5 }]);
    const rows = await d1Sql(db).all<{ a: Uint8Array; b: Uint8Array; c: string; d: number }>(
      sql('SELECT ?', new Uint8Array([9, 9])),
    );
    expect(rows[0]?.a).toEqual(new Uint8Array([1, 2, 3]));
    expect(rows[0]?.b).toEqual(new Uint8Array([4]));
    expect(rows[0]?.c).toBe('text');
    expect(bound[0]?.[0]).toBeInstanceOf(ArrayBuffer);
    expect(await d1Sql(db).batch([])).toEqual([]);
  });
});
