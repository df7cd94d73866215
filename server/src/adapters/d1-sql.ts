import { MAX_BOUND_PARAMETERS } from '../../../src/sync/protocol/limits';
import type { Sql, SqlValue, Statement } from '../ports/sql';

/** The part of a D1 prepared statement this adapter uses (structural: no Workers types needed). */
export interface D1StatementLike {
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  run(): Promise<{ meta: { changes?: number } }>;
}

/** The part of the D1 binding this adapter uses; a real `D1Database` satisfies it. */
export interface D1Like {
  prepare(query: string): { bind(...values: unknown[]): D1StatementLike };
  batch(statements: D1StatementLike[]): Promise<{ results?: unknown[] }[]>;
}

/** The Sql port over a D1 binding. `batch` maps to D1's batch, which is one transaction. */
export function d1Sql(db: D1Like): Sql {
  const prepare = (stmt: Statement) => {
    if (stmt.params.length >= MAX_BOUND_PARAMETERS) {
      throw new Error(`statement binds ${stmt.params.length} parameters; chunk the id list`);
    }
    return db.prepare(stmt.sql).bind(...stmt.params.map(toD1));
  };
  return {
    async all<T>(stmt: Statement) {
      return (await prepare(stmt).all<Record<string, unknown>>()).results.map(normalizeRow) as T[];
    },
    async first<T>(stmt: Statement) {
      const row = await prepare(stmt).first<Record<string, unknown>>();
      return row ? (normalizeRow(row) as T) : null;
    },
    async run(stmt: Statement) {
      const r = await prepare(stmt).run();
      return { changes: r.meta.changes ?? 0 };
    },
    async batch(stmts: readonly Statement[]) {
      if (stmts.length === 0) return [];
      const results = await db.batch(stmts.map(prepare));
      return results.map((r) => (r.results ?? []).map((row) => normalizeRow(row as Record<string, unknown>)));
    },
  };
}

function toD1(v: SqlValue): unknown {
  return v instanceof Uint8Array ? v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) : v;
}

/** D1 returns BLOB columns as ArrayBuffer or number arrays depending on the path: the port promises Uint8Array. */
function normalizeRow(row: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof ArrayBuffer) row[k] = new Uint8Array(v);
    else if (Array.isArray(v)) row[k] = Uint8Array.from(v as number[]);
  }
  return row;
}
