/** Size and count limits of spec 8.2 shared by the client and the service. */
export const MAX_SYNC_BODY_BYTES = 8 * 1024 * 1024;
/** request bodies of /auth, /devices, /keys (small JSON); larger gets a bare 413 */
export const ACCOUNT_BODY_MAX_BYTES = 64 * 1024;
export const PUSH_BATCH_SIZE = 100;
export const MIN_PUSH_BATCH_SIZE = 1;
export const PULL_SLICE_IDS = 100;
export const CHANGES_PAGE_REFS = 500;
export const CHANGES_PAGE_REFS_WITH_BODIES = 100;
export const INLINE_ROW_MAX_BYTES = 64 * 1024;
export const INLINE_NOTE_UPDATE_MAX_BYTES = 4 * 1024;
export const MAX_MANIFEST_PAGE_LIMIT = 1000;
/** D1 refuses statements with more than 100 bound parameters; every id list is chunked below it. */
export const MAX_BOUND_PARAMETERS = 100;
export const TYPE_FILTER_MAX_PARAMETERS = 95;
export const CRDT_UPDATE_MAX_BYTES = 1_000_000;
export const CRDT_SNAPSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const CRDT_UPDATES_BATCH_NOTES = 100;
export const CRDT_SNAPSHOT_BATCH_SIZE = 50;
/** The metadata store's row limit, enforced in code because local D1 does not. */
export const METADATA_ROW_MAX_BYTES = 1_000_000;
