/**
 * The note list's page size, and the first page the UI asks for at start (the newest notes of the
 * whole vault). The vault worker reads that page while the app still loads (vault.worker.ts), so
 * both sides take it from here. No imports: the UI's first chunk includes this file.
 */
export const NOTE_LIST_PAGE = 100;

export const FIRST_NOTE_PAGE = { sort: 'modified', offset: 0, limit: NOTE_LIST_PAGE } as const;

/** Whether `q` asks for exactly {@link FIRST_NOTE_PAGE} (a whole-vault list, no folder). */
export function isFirstNotePage(
  q: { folder?: string | undefined; sort: string; offset: number; limit: number } | undefined,
): boolean {
  return (
    q !== undefined &&
    q.folder === undefined &&
    q.sort === FIRST_NOTE_PAGE.sort &&
    q.offset === FIRST_NOTE_PAGE.offset &&
    q.limit === FIRST_NOTE_PAGE.limit
  );
}
