/** `GET /sync/manifest[?limit=N[&cursor=C]]` (spec 4): ids only, for the client's diff. */
export interface ManifestEntry {
  type: string;
  id: string;
  serverCursor: number | null;
  deleted: boolean;
  contentHash: string;
}

export interface ManifestResponse {
  items: ManifestEntry[];
  /** only in paged mode (a limit was sent): the cursor of the last row kept; null at the end */
  nextCursor?: number | null;
}
