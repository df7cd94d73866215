import type { PackTempFile, PackTempFiles } from '../../sync/engine/packs/packPorts';
import type { MpakSource } from '../../sync/protocol/mpakReader';

const DIR = 'cairn-pack-transfers';

/**
 * Pack temp files in the origin private file system (spec 3.7 step 2: "each pack streams to a
 * temp file"). Written through a writable stream that keeps what it wrote when closed, so a
 * transfer cut midway is resumed from the bytes on disk; read back with `File.slice`. Null where
 * the platform has no OPFS (the pack path then falls back whole, spec 7). Files left by an
 * earlier engine of the vault that died are removed when the next one starts.
 */
export async function opfsPackFiles(vaultId: string): Promise<PackTempFiles | null> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (typeof storage?.getDirectory !== 'function') return null;
  let dir: FileSystemDirectoryHandle;
  try {
    const root = await storage.getDirectory();
    const all = await root.getDirectoryHandle(DIR, { create: true });
    // one engine per vault at a time (its Web Lock): what this vault's folder holds is left over
    await all.removeEntry(vaultId, { recursive: true }).catch(() => {});
    dir = await all.getDirectoryHandle(vaultId, { create: true });
  } catch {
    return null;
  }
  return {
    async create(name) {
      try {
        return await opfsFile(dir, name);
      } catch {
        return null;
      }
    },
  };
}

async function opfsFile(dir: FileSystemDirectoryHandle, name: string): Promise<PackTempFile> {
  const handle = await dir.getFileHandle(name, { create: true });
  let writer: FileSystemWritableFileStream | null = null;
  let written = 0;
  const flush = async () => {
    if (writer) await writer.close();
    writer = null;
  };
  return {
    size: async () => written,
    async append(bytes) {
      if (!writer) {
        writer = await handle.createWritable({ keepExistingData: true });
        await writer.seek(written);
      }
      await writer.write(bytes as Uint8Array<ArrayBuffer>);
      written += bytes.length;
    },
    async truncate() {
      await flush();
      const w = await handle.createWritable({ keepExistingData: false });
      await w.close();
      written = 0;
    },
    async source(): Promise<MpakSource> {
      await flush();
      const file = await handle.getFile();
      return {
        size: file.size,
        read: async (offset, length) =>
          new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
      };
    },
    async remove() {
      await writer?.abort().catch(() => {});
      writer = null;
      await dir.removeEntry(name).catch(() => {});
    },
  };
}
