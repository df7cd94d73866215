import { createMemo, createResource, createSignal, For, Show } from 'solid-js';
import type { GraphData } from '../../worker/domain/notes/graph';
import type { SectionProps } from '../app/section';
import { createGraphData } from './createGraphData';
import { createSimulation } from './createSimulation';
import { GraphCanvas, noteHref } from './GraphCanvas';
import { GraphList } from './GraphList';
import { filterGraph, foldersOf } from './graphFilter';
import './graph.css';

const EMPTY: GraphData = { nodes: [], edges: [] };

interface GraphSettings {
  showOrphans: boolean;
  showAttachments: boolean;
  localDepth: number;
}

/**
 * `#/graph` (the whole vault), `#/graph/note/<id>` (the whole vault, that note highlighted) and
 * `#/graph/local/<id>` (its neighbourhood). Filters start from the graph settings.
 */
export function GraphSection(props: SectionProps) {
  const mode = () => (props.path()[0] === 'local' ? 'local' : 'global');
  const noteId = () => props.path()[1] ?? null;
  const [depth, setDepth] = createSignal<number | null>(null);
  const [folder, setFolder] = createSignal('');
  const [showFiles, setShowFiles] = createSignal<boolean | null>(null);
  const [hideOrphans, setHideOrphans] = createSignal<boolean | null>(null);
  const [unresolved, setUnresolved] = createSignal(false);
  const [settings] = createResource(async () => {
    const res = await props.client.api.read('settings.getGraphSettings', []);
    return res.ok ? (res.value as GraphSettings) : null;
  });
  const depthNow = () => depth() ?? settings()?.localDepth ?? 1;
  const data = createGraphData(props.client, () => ({
    localOf: mode() === 'local' ? noteId() : null,
    depth: depthNow(),
    includeUnresolved: unresolved(),
  }));
  const raw = () => {
    const d = data.latest;
    return d?.ok ? d.graph : EMPTY;
  };
  const shown = createMemo(() =>
    filterGraph(
      raw(),
      {
        folder: folder(),
        showFiles: showFiles() ?? settings()?.showAttachments ?? false,
        hideOrphans: hideOrphans() ?? !(settings()?.showOrphans ?? true),
      },
      noteId() ?? undefined,
    ),
  );
  const sim = createSimulation(shown);
  const folders = createMemo(() => foldersOf(raw()));
  const failure = () => {
    const d = data.latest;
    return d && !d.ok ? d.message : null;
  };

  return (
    <div class="graph-page">
      <div class="graph-head">
        <h2>Graph</h2>
        <nav class="graph-scope" aria-label="Graph scope">
          <a
            href={noteId() ? `#/graph/note/${encodeURIComponent(noteId() ?? '')}` : '#/graph'}
            aria-current={mode() === 'global' ? 'page' : undefined}
          >
            Whole vault
          </a>
          <Show when={noteId()}>
            {(id) => (
              <a
                href={`#/graph/local/${encodeURIComponent(id())}`}
                aria-current={mode() === 'local' ? 'page' : undefined}
              >
                Around this note
              </a>
            )}
          </Show>
          <Show when={noteId()}>{(id) => <a href={noteHref(id())}>Back to the note</a>}</Show>
        </nav>
        <div class="graph-filters">
          <Show when={mode() === 'local'}>
            <label>
              Depth
              <select value={depthNow()} onChange={(e) => setDepth(Number(e.currentTarget.value))}>
                <For each={[1, 2, 3, 4, 5]}>{(d) => <option value={d}>{d}</option>}</For>
              </select>
            </label>
          </Show>
          <label>
            Folder
            <select value={folder()} onChange={(e) => setFolder(e.currentTarget.value)}>
              <option value="">All folders</option>
              <For each={folders()}>{(f) => <option value={f}>{f}</option>}</For>
            </select>
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={showFiles() ?? settings()?.showAttachments ?? false}
              onChange={(e) => setShowFiles(e.currentTarget.checked)}
            />
            Show files
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={hideOrphans() ?? !(settings()?.showOrphans ?? true)}
              onChange={(e) => setHideOrphans(e.currentTarget.checked)}
            />
            Hide orphans
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={unresolved()}
              onChange={(e) => setUnresolved(e.currentTarget.checked)}
            />
            Show unresolved links
          </label>
        </div>
        <p class="graph-status" role="status">
          <Show when={data.latest?.ok} fallback={failure() ? '' : 'Reading the links…'}>
            {`${shown().nodes.length} notes, ${shown().edges.length} links${sim.settled() ? '' : ' · laying out…'}`}
          </Show>
        </p>
      </div>
      <Show when={failure()}>
        {(m) => (
          <p class="error" role="alert">
            {m()}
          </p>
        )}
      </Show>
      <div class="graph-body">
        <section class="graph-area" aria-label="Link graph">
          <GraphCanvas
            graph={shown()}
            sim={sim}
            current={noteId()}
            onOpen={(id) => {
              location.hash = noteHref(id);
            }}
          />
        </section>
        <GraphList graph={shown()} current={noteId()} />
      </div>
    </div>
  );
}
