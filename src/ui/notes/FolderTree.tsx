import { For, Show } from 'solid-js';
import type { FolderRow } from '../../worker/db/schema';
import { folderViewHref } from '../folderView/folderViewSection';

interface Props {
  folders: FolderRow[];
  selected: string | undefined;
  onSelect: (path: string | undefined) => void;
}

/**
 * The vault's folders, indented by depth; "All notes" shows every note of the vault. The chosen
 * folder offers its table view (its notes with their properties) beside it.
 */
export function FolderTree(props: Props) {
  const depth = (path: string) => path.split('/').length - 1;
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
              >
                📁 {f.name}
              </button>
              <TableLink path={f.path} />
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
