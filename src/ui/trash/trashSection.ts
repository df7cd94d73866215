import { lazy } from 'solid-js';
import type { Section } from '../app/section';

const TrashSection = lazy(() => import('./TrashSection').then((m) => ({ default: m.TrashSection })));

/** The Trash, at `#/trash` (under More); its code loads when it is first opened. */
export const trashSection: Section = { id: 'trash', label: 'Trash', component: TrashSection };
