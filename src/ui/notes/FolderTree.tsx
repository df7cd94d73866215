import { For } from 'solid-js';
import type { FolderRow } from '../../worker/db/schema';

interface Props {
  folders: FolderRow[];
  selected: string | undefined;
  onSelect: (path: string | undefined) => void;
}

/** The vault's folders, indented by depth; "All notes" shows every note of the vault. */
export function FolderTree(props: Props) {
  const depth = (path: string) => path.split('/').length - 1;
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
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
