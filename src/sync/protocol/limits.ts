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
/** Pack limits (spec 8.2): the MPAK codec refuses anything beyond them. */
export const PACK_MAX_ENTRIES = 4096;
export const PACK_MAX_INDEX_ENTRY_BYTES = 4096;
export const PACK_MAX_ITEMS = 256;
export const PACK_TARGET_BYTES = 24 * 1024 * 1024;
export const PACK_HARD_MAX_BYTES = 32 * 1024 * 1024;
export const MAX_PACKED_ITEM_BYTES = 8 * 1024 * 1024;
export const PACKS_PER_BACKFILL_TICK = 3;
/** Client pack listing and transfer (spec 8.2). */
export const PACK_LIST_PAGE_LIMIT = 50;
export const MAX_PACK_LIST_PAGES = 20;
export const PRESIGN_EXPIRY_SAFETY_SECONDS = 30;
export const MAX_PARALLEL_PACK_DOWNLOADS = 3;
export const PACK_DOWNLOAD_MAX_REQUESTS_PER_MINUTE = 60;
export const PACK_READ_CHUNK_BYTES = 256 * 1024;
export const PACK_APPLY_PAGE_ENTRIES = 100;
