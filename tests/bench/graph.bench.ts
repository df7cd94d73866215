import { createLayout, type LayoutEdge } from '../../src/ui/graph/layout/forceLayout';
import { readNote } from '../../src/worker/domain/notes/frontmatter/readNote';
import { getGraphData } from '../../src/worker/domain/notes/graph';
import { LinkResolver } from '../../src/worker/domain/notes/links/linkResolver';
import { linkRowsOf } from '../../src/worker/domain/notes/links/linkRows';
import { loadFixtureVault } from '../unit/notes/fixtureVault';
import type { BenchRow } from './types';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** This process's CPU milliseconds for `f`: on a shared, loaded machine wall time mostly counts waiting. */
function cpuMs(f: () => void): number {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Times a full layout (to settled) of a graph given as node count + edges; median of `runs`. */
function timeLayout(n: number, edges: LayoutEdge[], runs: number) {
  const total: number[] = [];
  const cpu: number[] = [];
  let ticks = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    cpu.push(
      cpuMs(() => {
        ticks = createLayout(n, edges).run();
      }),
    );
    total.push(performance.now() - t0);
  }
  return { ms: median(total), cpu: median(cpu), ticks };
}

/**
 * The graph view's force layout (src/ui/graph/layout) in Node: the global graph of the Obsidian
 * Help vault (173 notes plus its filed files, built with the worker's own link domain), and a
 * generated 10,000-note graph for one tick (the UI runs ticks within a frame budget).
 */
export default async function graphBench(): Promise<BenchRow[]> {
  const items = loadFixtureVault();
  const resolver = new LinkResolver(items.map((i) => i.header));
  const rows = items.flatMap((i) =>
    i.source === undefined ? [] : linkRowsOf(i.header, readNote(i.source).body, resolver),
  );
  const graph = getGraphData(
    items.map((i) => i.header),
    { outgoingOf: () => [], incomingOf: () => [], allLinks: () => rows },
  );
  const index = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const edges = graph.edges.map((e) => ({
    source: index.get(e.source) as number,
    target: index.get(e.target) as number,
  }));
  const notes = items.filter((i) => i.source !== undefined).length;
  timeLayout(graph.nodes.length, edges, 2); // warm the JIT
  const help = timeLayout(graph.nodes.length, edges, 7);

  // 10,000 notes, each linking to 3 others chosen by a fixed rule (a sparse, clustered graph).
  const big = 10_000;
  const bigEdges: LayoutEdge[] = [];
  for (let i = 0; i < big; i++)
    for (const step of [1, 37, 911]) bigEdges.push({ source: i, target: (i * 7 + step) % big });
  const layout = createLayout(big, bigEdges);
  const tickMs: number[] = [];
  const tickCpu: number[] = [];
  for (let t = 0; t < 15; t++) {
    const t0 = performance.now();
    tickCpu.push(cpuMs(() => layout.tick()));
    tickMs.push(performance.now() - t0);
  }
  return [
    {
      group: 'graph',
      name: `layout to settled, Obsidian Help vault (${notes} notes, ${graph.nodes.length} nodes, ${edges.length} edges)`,
      value: help.ms,
      unit: 'ms',
      target: '< 100 ms',
      ok: help.ms < 100,
      note: `${help.ticks} ticks, median of 7; CPU ${help.cpu.toFixed(1)} ms`,
    },
    {
      group: 'graph',
      name: 'one layout tick, 10,000 nodes / 30,000 edges',
      value: median(tickMs),
      unit: 'ms',
      target: '< 30 ms',
      ok: median(tickMs) < 30,
      note: `median of 15 ticks, CPU ${median(tickCpu).toFixed(1)} ms; the view runs ticks in 12 ms slices per frame`,
    },
  ];
}
