import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { GraphData } from '../../worker/domain/notes/graph';
import { createLayout, DEFAULT_LAYOUT, type Layout } from './layout/forceLayout';

/** Layout work per animation frame: the page keeps answering input while the graph settles. */
const FRAME_BUDGET_MS = 12;

/**
 * Runs the force layout of the shown graph a slice per animation frame and bumps `frame` after
 * each slice, so the SVG redraws as it settles. When the graph changes (filters, new links), the
 * nodes that stay keep their places and the layout re-settles gently.
 */
export function createSimulation(graph: () => GraphData) {
  const [frame, setFrame] = createSignal(0);
  const [settled, setSettled] = createSignal(false);
  let layout: Layout = createLayout(0, []);
  let index = new Map<string, number>();
  let raf = 0;
  onCleanup(() => cancelAnimationFrame(raf));

  function step() {
    const started = performance.now();
    while (performance.now() - started < FRAME_BUDGET_MS && layout.tick()) {}
    setFrame((f) => f + 1);
    if (layout.settled()) setSettled(true);
    else raf = requestAnimationFrame(step);
  }

  createEffect(
    on(graph, (g) => {
      const before = new Map<string, { x: number; y: number }>();
      for (const [id, i] of index) before.set(id, { x: layout.x[i] as number, y: layout.y[i] as number });
      index = new Map(g.nodes.map((n, i) => [n.id, i]));
      const edges = g.edges.map((e) => ({
        source: index.get(e.source) as number,
        target: index.get(e.target) as number,
      }));
      const known = g.nodes.filter((n) => before.has(n.id)).length;
      layout = createLayout(
        g.nodes.length,
        edges,
        (i) => before.get(g.nodes[i]?.id ?? ''),
        DEFAULT_LAYOUT,
        known > g.nodes.length / 2 ? 0.3 : 1,
      );
      cancelAnimationFrame(raf);
      setSettled(false);
      raf = requestAnimationFrame(step);
    }),
  );

  return {
    /** read it to redraw on every slice */
    frame,
    settled,
    /** the position of node `id`, or undefined before its layout exists */
    at(id: string): { x: number; y: number } | undefined {
      const i = index.get(id);
      return i === undefined ? undefined : { x: layout.x[i] as number, y: layout.y[i] as number };
    },
    positions: () => ({ x: layout.x, y: layout.y }),
  };
}

export type Simulation = ReturnType<typeof createSimulation>;
