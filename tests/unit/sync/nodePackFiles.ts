import { appendFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PackTempFiles } from '../../../src/sync/engine/packs/packPorts';

/**
 * Pack temp files in a folder of the OS temp dir: the Node stand-in for OPFS (which Node lacks;
 * the browser's OPFS files are opfsPackFiles.ts, run by the e2e). Same contract: appended while a
 * pack streams, read back at random, removed after apply. `made` lists every file created.
 */
export async function nodePackFiles(made: string[] = []): Promise<PackTempFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'cairn-packs-'));
  return {
    async create(name) {
      const path = join(dir, name);
      await writeFile(path, new Uint8Array(0));
      made.push(path);
      return {
        size: async () => (await stat(path)).size,
        append: (bytes) => appendFile(path, bytes),
        truncate: () => truncate(path, 0),
        async source() {
          // read once (a pack is at most 32 MB): the reader's many small reads are slices, as
          // they are of the browser's File
          const bytes = new Uint8Array(await readFile(path));
          return {
            size: bytes.length,
            read: async (offset, length) => bytes.subarray(offset, offset + length),
          };
        },
        remove: () => rm(path, { force: true }),
      };
    },
  };
}
