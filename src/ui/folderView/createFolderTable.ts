import { batch, createSignal, onCleanup } from 'solid-js';
import type { FolderConfig, FolderView } from '../../worker/ops/folderView/folderViewSchemas';
import type { PropertyDefinition } from '../../worker/ops/properties/propertyRules';
import type { OpError } from '../../worker/ops/result';
import type { VaultClient } from '../vault/createVaultClient';
import type { FolderNote } from './tableRows';
import { keyOf } from './tableRows';
import type { AvailableProperty } from './viewColumns';

/** Rows read per call (the operation's maximum) and at most in all: a table, not an export. */
const PAGE = 500;
export const ROW_CAP = 5000;

interface Page {
  notes: FolderNote[];
  total: number;
  hasMore: boolean;
}

/**
 * One folder's table (folderView.*): its notes with their properties, the properties available,
 * the saved views and config, and the property definitions that type the cells. Everything is
 * read again when the change feed touches it (notes, views, definitions), at most every 300 ms.
 * Writes go through the registry's operations; a refusal becomes `writeError`.
 */
export function createFolderTable(client: VaultClient, folder: string) {
  const [rows, setRows] = createSignal<FolderNote[]>([]);
  const [total, setTotal] = createSignal(0);
  const [available, setAvailable] = createSignal<AvailableProperty[]>([]);
  const [views, setViews] = createSignal<FolderView[]>([]);
  const [config, setConfig] = createSignal<FolderConfig>({});
  const [defs, setDefs] = createSignal<PropertyDefinition[]>([]);
  const [loadError, setLoadError] = createSignal<OpError | null>(null);
  const [writeError, setWriteError] = createSignal<string | null>(null);
  const [loaded, setLoaded] = createSignal(false);

  async function read<T>(operation: string, args: unknown[]): Promise<T | null> {
    const res = await client.api.read(operation, args);
    if (!res.ok) {
      setLoadError(res.error);
      return null;
    }
    return res.value as T;
  }

  // Reads overlap (a save's own re-read, the change feed's): only the latest one started may set
  // what it read, or an older answer arriving late puts back what a newer write replaced (CI saw
  // a saved view's sort order revert when Sort by and Order were changed one after the other).
  const started = { rows: 0, views: 0, defs: 0 };
  const latest = (kind: keyof typeof started) => {
    const mine = ++started[kind];
    return () => mine === started[kind];
  };

  async function loadRows() {
    const current = latest('rows');
    const all: FolderNote[] = [];
    let count = 0;
    for (let offset = 0; offset < ROW_CAP; offset += PAGE) {
      const page = await read<Page>('folderView.listWithProperties', [folder, { offset, limit: PAGE }]);
      if (!page) return;
      all.push(...page.notes);
      count = page.total;
      if (!page.hasMore) break;
    }
    const props = await read<AvailableProperty[]>('folderView.getAvailableProperties', [folder]);
    if (!props || !current()) return;
    batch(() => {
      setRows(all);
      setTotal(count);
      setAvailable(props);
    });
  }

  async function loadViews() {
    const current = latest('views');
    const [v, c] = await Promise.all([
      read<FolderView[]>('folderView.getViews', [folder]),
      read<FolderConfig>('folderView.getConfig', [folder]),
    ]);
    if (v && c && current())
      batch(() => {
        setViews(v);
        setConfig(c);
      });
  }

  async function loadDefs() {
    const current = latest('defs');
    const d = await read<PropertyDefinition[]>('notes.getPropertyDefinitions', []);
    if (d && current()) setDefs(d);
  }

  void Promise.all([loadRows(), loadViews(), loadDefs()]).then(() => setLoaded(true));

  // Several changes in a burst (an import, typing in another tab) cost one read each kind.
  const due = new Set<() => Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  onCleanup(
    client.onChange((b) => {
      for (const c of b.changes) {
        if (c.table === 'notes') due.add(loadRows);
        if (c.table === 'folderViews' || c.table === 'folders') due.add(loadViews);
        if (c.table === 'propertyDefinitions') {
          due.add(loadDefs);
          due.add(loadRows);
        }
      }
      if (due.size === 0 || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        const jobs = [...due];
        due.clear();
        for (const job of jobs) void job();
      }, 300);
    }),
  );

  async function write(operation: string, args: unknown[]): Promise<boolean> {
    const res = await client.api.write(operation, args);
    setWriteError(res.ok ? null : res.error.message);
    return res.ok;
  }

  return {
    folder,
    rows,
    total,
    available,
    views,
    config,
    defs,
    loaded,
    loadError,
    writeError,
    clearWriteError: () => setWriteError(null),
    /** Writes one cell through properties.set (null empties it), under the note's own spelling of the key. */
    setCell: (row: FolderNote, column: string, value: unknown) =>
      write('properties.set', [row.id, keyOf(row, column) ?? column, value]),
    async saveView(view: FolderView) {
      const done = await write('folderView.setView', [folder, view]);
      if (done) await loadViews();
      return done;
    },
    async deleteView(id: string) {
      const done = await write('folderView.deleteView', [folder, id]);
      if (done) await loadViews();
      return done;
    },
    /** Remembers the chosen view as the folder's default, so the table opens on it next time. */
    async rememberView(id: string) {
      const { defaultView: _, ...rest } = config();
      if ((config().defaultView ?? '') === id) return true;
      const done = await write('folderView.setConfig', [
        folder,
        id === '' ? rest : { ...rest, defaultView: id },
      ]);
      if (done) await loadViews();
      return done;
    },
  };
}

export type FolderTable = ReturnType<typeof createFolderTable>;
