import type { JSX } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * A top-level area of the app beside Notes (Tasks, Journal, Inbox, Canvases, ...). It owns the
 * hash path `#/<id>/...`: `path()` is what follows the id, `go(...)` navigates within it.
 */
export interface SectionProps {
  client: VaultClient;
  path: () => string[];
  go: (...segments: string[]) => void;
}

export interface Section {
  id: string;
  label: string;
  /** a single key for the Alt+key shortcut, shown in the nav's title */
  shortcut?: string;
  component: (props: SectionProps) => JSX.Element;
}
