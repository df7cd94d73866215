import type { ItemRef } from '../../../src/sync/protocol/pull';
import type { Deps } from '../deps';
import { chunk } from '../domain/chunk';
import { type Statement, sql } from '../ports/sql';
import { ITEM_COLUMNS, type ItemRow } from './item-row';

/** 2 parameters per ref plus user and vault: 45 refs = 92 bound parameters, under D1's 100. */
export const REFS_PER_QUERY = 45;

/** Rows for (type, id) refs of one vault, chunked below the bound-parameter ceiling. */
export async function readRowsByRefs(
  deps: Deps,
  userId: string,
  vaultId: string,
  refs: readonly ItemRef[],
): Promise<Map<string, ItemRow>> {
  const results = await Promise.all(
    rowsByRefsStatements(userId, vaultId, refs).map((s) => deps.sql.all<ItemRow>(s)),
  );
  return rowsByRef(results);
}

/** The reads of `readRowsByRefs` as statements, for a caller that sends them in one D1 batch. */
export function rowsByRefsStatements(userId: string, vaultId: string, refs: readonly ItemRef[]): Statement[] {
  return chunk(refs, REFS_PER_QUERY).map((part) =>
    sql(
      `SELECT ${ITEM_COLUMNS} FROM sync_items WHERE user_id = ? AND vault_id = ? AND (type, id) IN (VALUES ${part
        .map(() => '(?, ?)')
        .join(', ')})`,
      userId,
      vaultId,
      ...part.flatMap((r) => [r.type, r.id]),
    ),
  );
}

/** The rows those statements read, keyed by `refKey`. */
export function rowsByRef(results: readonly unknown[][]): Map<string, ItemRow> {
  const out = new Map<string, ItemRow>();
  for (const rows of results) for (const row of rows as ItemRow[]) out.set(refKey(row), row);
  return out;
}

export function refKey(ref: { type: string; id: string }): string {
  return `${ref.type}\u0000${ref.id}`;
}
