/** A bound SQL statement: text plus positional parameters (at most 100: MAX_BOUND_PARAMETERS). */
export interface Statement {
  sql: string;
  params: readonly SqlValue[];
}

export type SqlValue = string | number | null | Uint8Array;

/**
 * The metadata store port (D1 in production and locally). Guarantees:
 * - `batch` runs its statements in order inside ONE transaction: all commit or none do.
 * - `all`/`first`/`run` are single statements, each atomic on its own.
 * - BLOB columns read back as Uint8Array.
 * Implementations refuse a statement with more than 100 bound parameters instead of truncating.
 */
export interface Sql {
  all<T>(stmt: Statement): Promise<T[]>;
  first<T>(stmt: Statement): Promise<T | null>;
  run(stmt: Statement): Promise<{ changes: number }>;
  batch(stmts: readonly Statement[]): Promise<unknown[][]>;
}

export function sql(text: string, ...params: SqlValue[]): Statement {
  return { sql: text, params };
}
