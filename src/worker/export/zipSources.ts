import { Unzip, UnzipInflate } from 'fflate';
import { fail, ok, type Result } from '../../shared/result';
import type { ImportSource } from '../stores/importer';

/** The marker a Cairn backup carries at its root (docs/backup.md): its paths are vault paths. */
export const BACKUP_MARKER = '.cairn/backup.json';

/** Bytes given to the unzipper at a time (see readZip). */
const PUSH_BYTES = 16 * 1024;

export function isZip(source: ImportSource): boolean {
  return /\.zip$/i.test(source.path) || source.file.type === 'application/zip';
}

/**
 * The files inside a zip, read as a stream (fflate's Unzip over the Blob's chunks): each entry
 * becomes one Blob, never the whole archive as one string. A zip that wraps everything in one
 * top folder (an Obsidian vault zipped from its parent: `My vault/Note.md`) imports as the
 * vault itself, like "Import folder", unless it is a Cairn backup, whose paths are vault paths.
 * Not a zip, or a damaged one: `IMPORT_BAD_ZIP`, nothing imported.
 */
export async function readZip(zip: ImportSource): Promise<Result<ImportSource[]>> {
  const bad = (why: string) =>
    fail(
      'IMPORT_BAD_ZIP',
      `"${zip.path}" is not a zip archive Cairn can read (${why}). Nothing was imported.`,
    );
  const head = new Uint8Array(await zip.file.slice(0, 4).arrayBuffer());
  const empty = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x05 && head[3] === 0x06;
  if (empty) return ok([]);
  if (!(head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04)) {
    return bad('it does not start like a zip');
  }
  const out: ImportSource[] = [];
  let started = 0;
  let failure: string | null = null;
  // UnzipInflate inflates synchronously inside push(): every entry that is whole has ended
  // by the time the last chunk was pushed.
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith('/')) return;
    started++;
    const parts: Uint8Array[] = [];
    entry.ondata = (err, chunk, final) => {
      if (err) {
        failure = `${entry.name}: ${err.message}`;
        return;
      }
      parts.push(chunk);
      if (final) {
        out.push({
          path: entry.name,
          file: new Blob(parts as Uint8Array<ArrayBuffer>[]),
          lastModified: zip.lastModified,
        });
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    const reader = zip.file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // fflate's Unzip.push recurses once or twice per entry in what it is given: a chunk
      // holding thousands of small notes (Chromium hands a Blob over in large chunks) overflowed
      // the stack ("Maximum call stack size exceeded"), so it gets small slices
      for (let at = 0; at < value.length && !failure; at += PUSH_BYTES)
        unzip.push(value.subarray(at, at + PUSH_BYTES));
      if (failure) break;
    }
    unzip.push(new Uint8Array(), true);
  } catch (err) {
    return bad(err instanceof Error ? err.message : String(err));
  }
  if (failure) return bad(failure);
  if (out.length < started) return bad('it ends before its last file');
  return ok(unwrapTopFolder(out));
}

function unwrapTopFolder(sources: ImportSource[]): ImportSource[] {
  if (sources.some((s) => s.path === BACKUP_MARKER)) return sources;
  const tops = new Set(sources.map((s) => (s.path.includes('/') ? s.path.split('/')[0] : null)));
  if (tops.size !== 1 || tops.has(null)) return sources;
  return sources.map((s) => ({ ...s, path: s.path.slice(s.path.indexOf('/') + 1) }));
}
