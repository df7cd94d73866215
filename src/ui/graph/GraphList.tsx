import { createMemo, For, Show } from 'solid-js';
import type { GraphData } from '../../worker/domain/notes/graph';
import { noteHref } from './GraphCanvas';

/**
 * The graph as a list beside the drawing, for keyboard and screen-reader users: every node a
 * link with its number of links, A to Z; the open note marked.
 */
export function GraphList(props: { graph: GraphData; current: string | null }) {
  const nodes = createMemo(() =>
    [...props.graph.nodes].sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id)),
  );
  return (
    <nav class="graph-list" aria-label="Graph as a list">
      <ul>
        <For each={nodes()}>
          {(n) => {
            const count = `${n.degree} ${n.degree === 1 ? 'link' : 'links'}`;
            return (
              <li>
                <Show when={n.exists} fallback={<span class="unresolved">{n.title} (not created yet)</span>}>
                  <a href={noteHref(n.id)} aria-current={n.id === props.current ? 'page' : undefined}>
                    {n.title}
                  </a>
                </Show>{' '}
                <span class="link-count">{count}</span>
              </li>
            );
          }}
        </For>
      </ul>
    </nav>
  );
}
