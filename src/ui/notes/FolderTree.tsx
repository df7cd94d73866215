import FolderIcon from 'lucide-solid/icons/folder';
import { createSignal, For, Show } from 'solid-js';
import type { FolderRow } from '../../worker/db/schema';
import { folderViewHref } from '../folderView/folderViewSection';
import { draggedNoteIds, NOTES_DRAG_TYPE } from './moveNotes';

interface Props {
  folders: FolderRow[];
  selected: string | undefined;
  onSelect: (path: string | undefined) => void;
  /** notes dragged from the note list were dropped on a folder ('' = the vault root) */
  onDropNotes?: (folder: string, ids: string[]) => void;
}

/**
 * The vault's folders, indented by depth; "All notes" shows every note of the vault. The chosen
 * folder offers its table view (its notes with their properties) beside it.
 */
export function FolderTree(props: Props) {
  const depth = (path: string) => path.split('/').length - 1;
  const [over, setOver] = createSignal<string | null>(null);
  /** A folder button as a drop target for notes dragged from the list. */
  const dropTarget = (path: string) => ({
    'data-drop-over': over() === path ? 'true' : undefined,
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes(NOTES_DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(path);
    },
    onDragLeave: () => setOver((o) => (o === path ? null : o)),
    onDrop: (e: DragEvent) => {
      const ids = draggedNoteIds(e.dataTransfer);
      setOver(null);
      if (ids === null) return;
      e.preventDefault();
      if (ids.length > 0) props.onDropNotes?.(path, ids);
    },
  });
  const TableLink = (p: { path: string }) => (
    <Show when={props.selected === p.path}>
      <a
        class="table-link"
        href={folderViewHref(p.path)}
        aria-label={`Table view of ${p.path || 'Vault root'}`}
      >
        Table
      </a>
    </Show>
  );
  return (
    <nav class="folder-tree" aria-label="Folders">
      <ul>
        <li>
          <button
            type="button"
            aria-current={props.selected === undefined ? 'true' : undefined}
            onClick={() => props.onSelect(undefined)}
          >
            All notes
          </button>
        </li>
        <li>
          <button
            type="button"
            aria-current={props.selected === '' ? 'true' : undefined}
            onClick={() => props.onSelect('')}
            {...dropTarget('')}
          >
            Vault root
          </button>
          <TableLink path="" />
        </li>
        <For each={props.folders}>
          {(f) => (
            <li style={{ 'padding-left': `${depth(f.path) * 14}px` }}>
              <button
                type="button"
                aria-label={`Folder ${f.path}`}
                aria-current={props.selected === f.path ? 'true' : undefined}
                onClick={() => props.onSelect(f.path)}
                {...dropTarget(f.path)}
              >
                <FolderIcon aria-hidden="true" size={16} class="folder-icon" />
                {f.name}
              </button>
              <TableLink path={f.path} />
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
