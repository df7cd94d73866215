import type { JSX } from 'solid-js';
import type { Settings } from '../settings/createSettings';
import type { TrashToast } from '../trash/createTrashToast';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * A top-level area of the app beside Notes (Tasks, Journal, Inbox, Canvases, ...). It owns the
 * hash path `#/<id>/...`: `path()` is what follows the id, `go(...)` navigates within it.
 */
export interface SectionProps {
  client: VaultClient;
  /** the vault's settings, live (a section follows its group: week start, time format, ...) */
  settings: Settings;
  path: () => string[];
  go: (...segments: string[]) => void;
  /** the app's one "Moved to Trash · Undo" notice (docs/trash.md); absent in a bare section */
  trash?: TrashToast;
}

export interface Section {
  id: string;
  label: string;
  /** a single key for the Alt+key shortcut, shown in the nav's title */
  shortcut?: string;
  component: (props: SectionProps) => JSX.Element;
}
