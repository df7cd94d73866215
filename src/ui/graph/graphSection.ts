import { lazy } from 'solid-js';
import type { Section } from '../app/section';

const GraphSection = lazy(() => import('./GraphSection').then((m) => ({ default: m.GraphSection })));

/** The link graph, at `#/graph`; its code loads when it is first opened. */
export const graphSection: Section = { id: 'graph', label: 'Graph', component: GraphSection };

/** The local graph of note `id`. */
export const localGraphHref = (id: string) => `#/graph/local/${encodeURIComponent(id)}`;
