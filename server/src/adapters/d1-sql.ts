import { MAX_BOUND_PARAMETERS } from '../../../src/sync/protocol/limits';
import type { Sql, SqlValue, Statement } from '../ports/sql';

/** The Sql port over a D1 binding. `batch` maps to D1's batch, which is one transaction. */
export function d1Sql(db: D1Database): Sql {
  const prepare = (stmt: Statement) => {
    if (stmt.params.length >= MAX_BOUND_PARAMETERS) {
      throw new Error(`statement binds ${stmt.params.length} parameters; chunk the id list`);
    }
    return db.prepare(stmt.sql).bind(...stmt.params.map(toD1));
  };
  return {
    async all<T>(stmt: Statement) {
      return (await prepare(stmt).all<T>()).results;
    },
    async first<T>(stmt: Statement) {
      return (await prepare(stmt).first<T>()) ?? null;
    },
    async run(stmt: Statement) {
      const r = await prepare(stmt).run();
      return { changes: r.meta.changes ?? 0 };
    },
    async batch(stmts: readonly Statement[]) {
      if (stmts.length === 0) return [];
      const results = await db.batch(stmts.map(prepare));
      return results.map((r) => r.results ?? []);
    },
  };
}

function toD1(v: SqlValue): unknown {
  return v instanceof Uint8Array ? v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) : v;
}
