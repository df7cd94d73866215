import { lazy } from 'solid-js';
import type { Section } from '../app/section';

const FolderViewSection = lazy(() =>
  import('./FolderViewSection').then((m) => ({ default: m.FolderViewSection })),
);

/** The folder table, at `#/folder/<path...>`; reached from the folder tree, not from the section nav. */
export const folderViewSection: Section = {
  id: 'folder',
  label: 'Folder table',
  component: FolderViewSection,
};

/** The address of a folder's table ('' is the vault root). */
export const folderViewHref = (folder: string) =>
  `#/folder${folder === '' ? '' : `/${folder.split('/').map(encodeURIComponent).join('/')}`}`;
