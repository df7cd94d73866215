import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Written bytes are moved into a Blob (out of the JS heap) whenever this much has gathered. */
const SPILL_BYTES = 4 * 1024 * 1024;
/** Text written to a streamed entry is deflated in pieces of about this size. */
const TEXT_CHUNK = 64 * 1024;

export interface ZipEntryStream {
  write(text: string): void;
  end(): void;
}

/**
 * fflate's streaming Zip behind the few calls an export needs. Entries are written one after
 * another (each ended before the next starts); the compressed output is gathered into Blob
 * parts, so the vault is never held as one string or buffer. `names` holds every entry written.
 */
export function createZipWriter() {
  const blobs: Blob[] = [];
  let parts: Uint8Array[] = [];
  let pending = 0;
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else {
      parts.push(chunk);
      pending += chunk.length;
      if (pending >= SPILL_BYTES) spill();
    }
  });
  function spill() {
    blobs.push(new Blob(parts as Uint8Array<ArrayBuffer>[]));
    parts = [];
    pending = 0;
  }
  const names = new Set<string>();
  const open = (name: string, level: 0 | 6, mtime?: number) => {
    const entry = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level });
    if (mtime !== undefined) entry.mtime = mtime;
    zip.add(entry);
    names.add(name);
    return entry;
  };
  return {
    names,
    /** One whole entry; level 0 stores it (media is not recompressed). */
    add(name: string, data: Uint8Array, level: 0 | 6 = 6, mtime?: number) {
      open(name, level, mtime).push(data, true);
    },
    /** An entry written piece by piece (a records file of 20,000 tasks). */
    stream(name: string): ZipEntryStream {
      const entry = open(name, 6);
      let buffered = '';
      return {
        write(text) {
          buffered += text;
          if (buffered.length >= TEXT_CHUNK) {
            entry.push(strToU8(buffered));
            buffered = '';
          }
        },
        end() {
          entry.push(strToU8(buffered), true);
          buffered = '';
        },
      };
    },
    finish(): Blob {
      zip.end();
      if (failure) throw failure;
      spill();
      return new Blob(blobs, { type: 'application/zip' });
    },
  };
}

export type ZipWriter = ReturnType<typeof createZipWriter>;
