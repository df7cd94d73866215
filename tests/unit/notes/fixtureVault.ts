import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FileType, NoteHeader } from '../../../src/worker/domain/notes/noteHeader';

/** The Obsidian Help vault (real data nobody here wrote), read as headers plus markdown sources. */
export const FIXTURE_ROOT = '/work/shared/fixtures/obsidian-help-en';

export interface FixtureItem {
  header: NoteHeader;
  /** markdown source; undefined for attachments */
  source?: string;
}

const TYPES: Record<string, FileType> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  svg: 'image',
  ico: 'image',
  ogg: 'audio',
  mp4: 'video',
  pdf: 'pdf',
};

export function loadFixtureVault(root = FIXTURE_ROOT): FixtureItem[] {
  const items: FixtureItem[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const rel = relative(root, full);
      const slash = rel.lastIndexOf('/');
      const folder_path = slash === -1 ? '' : rel.slice(0, slash);
      const id = `n${items.length}`;
      if (entry.name.endsWith('.md')) {
        const header: NoteHeader = { id, title: entry.name.slice(0, -3), folder_path, file_type: 'markdown' };
        items.push({ header, source: readFileSync(full, 'utf8') });
        continue;
      }
      const ext = entry.name.slice(entry.name.lastIndexOf('.') + 1).toLowerCase();
      const file_type = TYPES[ext];
      if (!file_type) continue;
      const title = entry.name.slice(0, entry.name.lastIndexOf('.'));
      items.push({ header: { id, title, folder_path, file_type, file_name: entry.name } });
    }
  };
  walk(root);
  return items;
}
