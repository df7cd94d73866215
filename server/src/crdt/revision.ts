import { sha256HexOf } from '../domain/tokens';

/**
 * The deterministic revision of a snapshot row written before revisions existed (spec 2.6):
 * derived from the row's identity, creation time and size, so every read path returns the same
 * token. New writes store a random revision instead.
 */
export async function snapshotRevision(
  noteId: string,
  createdAt: number,
  sizeBytes: number,
): Promise<string> {
  return `d-${(await sha256HexOf(`cairn-snapshot-rev:${noteId}:${createdAt}:${sizeBytes}`)).slice(0, 32)}`;
}

export function randomRevision(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `r-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
