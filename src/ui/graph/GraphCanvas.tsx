import { createEffect, createMemo, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import type { GraphData, GraphNode } from '../../worker/domain/notes/graph';
import { createPanZoom } from './createPanZoom';
import type { Simulation } from './createSimulation';
import { fitView } from './viewport';

interface Props {
  graph: GraphData;
  sim: Simulation;
  /** the open note, drawn highlighted with its links */
  current: string | null;
  onOpen: (id: string) => void;
}

/** Labels for every node only when they can be read: few nodes, or zoomed in. */
const ALL_LABELS_UP_TO = 60;

const radius = (n: GraphNode) => 4 + Math.min(12, Math.sqrt(n.degree) * 1.6);
export const noteHref = (id: string) => `#/note/${encodeURIComponent(id)}`;

/**
 * The graph drawn as SVG: links as one path (cheap to redraw each frame), each note a link that
 * opens it (click, or Enter when focused), hubs drawn last so they sit on top. Drag or one finger
 * pans, the wheel or two fingers zoom; the buttons do both for keyboard users.
 */
export function GraphCanvas(props: Props) {
  const pz = createPanZoom();
  const [size, setSize] = createSignal({ width: 600, height: 400 });
  let svg!: SVGSVGElement;
  onMount(() => {
    const observer = new ResizeObserver(() => {
      const r = svg.getBoundingClientRect();
      setSize({ width: r.width, height: r.height });
    });
    observer.observe(svg);
    onCleanup(() => observer.disconnect());
    // Wheel zoom must cancel page scroll, which a passive listener (Solid's default) cannot.
    const wheel = (e: WheelEvent) => pz.onWheel(e as WheelEvent & { currentTarget: SVGSVGElement });
    svg.addEventListener('wheel', wheel, { passive: false });
    svg.addEventListener('click', pz.onClickCapture, { capture: true });
    onCleanup(() => {
      svg.removeEventListener('wheel', wheel);
      svg.removeEventListener('click', pz.onClickCapture, { capture: true });
    });
  });
  // Until the user moves the view, it follows the settling layout so the whole graph stays in sight.
  createEffect(() => {
    props.sim.frame();
    if (pz.touched()) return;
    const { x, y } = props.sim.positions();
    pz.fitTo(fitView(x, y, size().width, size().height));
  });
  const order = createMemo(() => [...props.graph.nodes].sort((a, b) => a.degree - b.degree));
  const path = (highlight: boolean) => {
    props.sim.frame();
    let d = '';
    for (const e of props.graph.edges) {
      if (highlight !== (e.source === props.current || e.target === props.current)) continue;
      const s = props.sim.at(e.source);
      const t = props.sim.at(e.target);
      if (s && t) d += `M${s.x.toFixed(1)},${s.y.toFixed(1)}L${t.x.toFixed(1)},${t.y.toFixed(1)}`;
    }
    return d;
  };
  const labelsAll = () => props.graph.nodes.length <= ALL_LABELS_UP_TO || pz.view().k >= 1.4;
  const transform = () => `translate(${pz.view().x},${pz.view().y}) scale(${pz.view().k})`;

  return (
    <div class="graph-canvas">
      <div class="graph-zoom">
        <button type="button" onClick={() => pz.zoomBy(1.4, size().width, size().height)}>
          Zoom in
        </button>
        <button type="button" onClick={() => pz.zoomBy(1 / 1.4, size().width, size().height)}>
          Zoom out
        </button>
      </div>
      <svg
        ref={svg}
        class="graph-svg"
        data-zoom={pz.view().k.toFixed(3)}
        data-settled={props.sim.settled() ? 'true' : 'false'}
        onPointerDown={pz.onPointerDown}
        onPointerMove={pz.onPointerMove}
        onPointerUp={pz.onPointerUp}
        onPointerCancel={pz.onPointerUp}
      >
        <title>Link graph: drag or use two fingers to pan, wheel or pinch to zoom</title>
        <g transform={transform()}>
          <path class="graph-edges" d={path(false)} stroke-width={1 / pz.view().k} />
          <path class="graph-edges current" d={path(true)} stroke-width={2 / pz.view().k} />
          <For each={order()}>
            {(n) => {
              const at = () => {
                props.sim.frame();
                return props.sim.at(n.id) ?? { x: 0, y: 0 };
              };
              const isCurrent = () => n.id === props.current;
              const body = (
                <>
                  <circle r={radius(n)} />
                  <Show when={labelsAll() || isCurrent()}>
                    <text y={radius(n) + 11} font-size={String(12 / Math.max(1, pz.view().k))}>
                      {n.title}
                    </text>
                  </Show>
                </>
              );
              const label = `${n.title}, ${n.degree} ${n.degree === 1 ? 'link' : 'links'}`;
              return (
                <Show
                  when={n.exists}
                  fallback={
                    <g class="graph-node unresolved" transform={`translate(${at().x},${at().y})`}>
                      <title>{`${n.title} (not created yet)`}</title>
                      {body}
                    </g>
                  }
                >
                  {/* biome-ignore lint/a11y/useSemanticElements: Solid builds an <a> in its own template as HTML, not SVG; the group takes the role */}
                  <g
                    role="link"
                    tabindex="0"
                    class="graph-node"
                    classList={{ current: isCurrent(), file: n.file_type !== 'markdown' }}
                    aria-label={label}
                    aria-current={isCurrent() ? 'page' : undefined}
                    transform={`translate(${at().x},${at().y})`}
                    onClick={() => props.onOpen(n.id)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      props.onOpen(n.id);
                    }}
                  >
                    {body}
                  </g>
                </Show>
              );
            }}
          </For>
        </g>
      </svg>
    </div>
  );
}
