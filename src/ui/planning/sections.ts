import type { Section } from '../app/section';

/** The planning half's sections (tasks, journal, inbox, canvases, ...), listed as they are built. */
export const planningSections: Section[] = [];
