import { createMemo, createSignal, For, Show } from 'solid-js';
import type { AppError } from '../../../shared/result';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import type { LibraryGroup } from '../../../worker/planning/canvas/canvasLibraryOperation';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLiveValue } from '../shared/createLiveValue';
import { FailureBanner } from '../shared/FailureBanner';
import { CanvasPanel } from './CanvasPanel';
import type { CanvasScene } from './createCanvasScene';
import type { Point } from './createViewport';
import { placeGroupCopy } from './placeGroupCopy';

/**
 * The Library panel: the named frames of the vault's canvases (canvas.libraryList), this canvas's
 * first. "Insert copy" adds a copy of the frame and its members to this scene as one undoable
 * commit (placeGroupCopy); a group from another canvas is read from that canvas's stored scene,
 * one from this canvas from the scene as edited (unsaved moves included).
 */
export function LibraryPanel(props: {
  client: VaultClient;
  canvasId: string;
  scene: CanvasScene;
  newId: () => string;
  /** the world point at the middle of the visible surface */
  center: () => Point;
  onInserted: (frameId: string) => void;
  onClose: () => void;
}) {
  const [error, setError] = createSignal<AppError | null>(null);
  const [done, setDone] = createSignal('');
  const live = createLiveValue(
    props.client,
    ['canvases'],
    () => 0,
    () => readOp<{ groups: LibraryGroup[] }>(props.client, 'canvas.libraryList'),
  );
  const here = createMemo(() => live.data()?.groups.filter((g) => g.canvas_id === props.canvasId) ?? []);
  const elsewhere = createMemo(() => live.data()?.groups.filter((g) => g.canvas_id !== props.canvasId) ?? []);

  async function sourceOf(g: LibraryGroup): Promise<CanvasElement[] | null> {
    if (g.canvas_id === props.canvasId) return props.scene.elements();
    const res = await readOp<{ elements: CanvasElement[] }>(props.client, 'canvas.get', g.canvas_id);
    if (res.ok) return res.value.elements;
    setError(res.error);
    return null;
  }
  async function insert(g: LibraryGroup) {
    setDone('');
    const source = await sourceOf(g);
    if (!source) return;
    const placed = placeGroupCopy({
      scene: props.scene.elements(),
      source,
      frameId: g.frame_id,
      sameCanvas: g.canvas_id === props.canvasId,
      center: props.center(),
      newId: props.newId,
    });
    if (!placed.ok) return setError({ code: placed.code, message: placed.message });
    setError(null);
    void props.scene.commit(placed.scene);
    setDone(`Inserted a copy of ${g.name}.`);
    props.onInserted(placed.frameId);
  }

  const Groups = (p: { groups: LibraryGroup[]; label: string; from: boolean }) => (
    <ul class="canvas-panel-list" aria-label={p.label}>
      <For each={p.groups} fallback={<li class="empty">No named frame here yet.</li>}>
        {(g) => (
          <li>
            <span class="canvas-panel-name">{g.name}</span>
            <span class="muted">
              {g.element_count === 1 ? '1 member' : `${g.element_count} members`}
              {p.from ? ` · ${g.canvas_path}` : ''}
            </span>
            <span class="canvas-panel-actions">
              <button
                type="button"
                aria-label={`Insert a copy of ${g.name}${p.from ? ` from ${g.canvas_path}` : ''}`}
                onClick={() => void insert(g)}
              >
                Insert copy
              </button>
            </span>
          </li>
        )}
      </For>
    </ul>
  );

  return (
    <CanvasPanel id="canvas-library" title="Library" onClose={props.onClose}>
      <p class="muted">Give a frame a title (its text) to keep it and its members here.</p>
      <FailureBanner error={live.error() ?? error()} onDismiss={() => setError(null)} />
      <p role="status" class="muted">
        {done()}
      </p>
      <Show when={live.data()} fallback={<p class="empty">Loading…</p>}>
        <h4>On this canvas</h4>
        <Groups groups={here()} label="Frames on this canvas" from={false} />
        <Show when={elsewhere().length > 0}>
          <h4>From other canvases</h4>
          <Groups groups={elsewhere()} label="Frames on other canvases" from={true} />
        </Show>
      </Show>
    </CanvasPanel>
  );
}
