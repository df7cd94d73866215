import { createMemo, createSignal, Index, Show } from 'solid-js';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import type { VaultClient } from '../../vault/createVaultClient';
import { FailureBanner } from '../shared/FailureBanner';
import { AssetsPanel } from './AssetsPanel';
import { CanvasToolbar, type Panel, type Tool } from './CanvasToolbar';
import { CardPicker } from './CardPicker';
import { CARD_SIZE, type CardEntity, cardElement, type EntityType, entityHref } from './cardEntities';
import { createCanvasGestures } from './createCanvasGestures';
import { createCanvasScene } from './createCanvasScene';
import { createCardTitles } from './createCardTitles';
import { createViewport } from './createViewport';
import { ElementInspector } from './ElementInspector';
import { freeSpot } from './freeSpot';
import { LibraryPanel } from './LibraryPanel';
import { openArea } from './openArea';
import { SceneElement } from './SceneElement';
import { elementLabels, moveElements, removeElement } from './sceneEdits';

/** Where the panels are a bottom sheet (canvasPanels.css): revealing a card closes the sheet. */
const PHONE = '(max-width: 760px)';

/**
 * The canvas editor: an SVG scene with pan (drag the background), zoom (wheel, buttons, two-finger
 * pinch), select, move, resize, shapes, text, frames, lines and arrows bound to shapes; stroke and
 * fill colours; undo/redo; keyboard moves and deletes the focused element. Pointer events serve
 * mouse, pen and touch alike.
 */
export function CanvasEditor(props: {
  client: VaultClient;
  id: string;
  onBack: () => void;
  onDelete: () => void;
}) {
  const scene = createCanvasScene(props.client, props.id);
  const viewport = createViewport();
  const [tool, setTool] = createSignal<Tool>('select');
  const [selected, setSelected] = createSignal<string | null>(null);
  const labels = createMemo(() => elementLabels(scene.elements()));
  const byId = createMemo(() => new Map(scene.elements().map((e) => [e.id, e])));
  const find = (id: string) => byId().get(id);
  const cardTitle = createCardTitles(props.client, scene.elements);
  const [picking, setPicking] = createSignal(false);
  const [panel, setPanel] = createSignal<Panel | null>(null);
  const panelButtons = new Map<Panel, HTMLButtonElement>();
  let menuButton: HTMLButtonElement | undefined;
  /** Closing a panel puts the focus back on its toolbar button, or on Tools when that button is
   * in the phone's closed menu. */
  const closePanel = () => {
    const open = panel();
    setPanel(null);
    const button = open && panelButtons.get(open);
    if (!button) return;
    if (button.checkVisibility()) button.focus();
    else menuButton?.focus();
  };
  /** A card opens its note, task or project (double-click, or Enter on the focused card). */
  const openCard = (el: CanvasElement) => {
    if (el.type === 'card' && el.entity_type && el.entity_id)
      location.hash = entityHref(el.entity_type as EntityType, el.entity_id);
  };
  const labelOf = (el: CanvasElement) =>
    el.type === 'card'
      ? `Card for ${el.entity_type ?? 'item'} ${cardTitle(el)}`
      : (labels().get(el.id) ?? el.type);
  let svg!: SVGSVGElement;
  let seq = 0;
  const newId = () => `el-${Date.now().toString(36)}-${(++seq).toString(36)}`;
  const gestures = createCanvasGestures({
    svg: () => svg,
    scene,
    viewport,
    tool,
    setTool,
    setSelected,
    find,
    newId,
  });

  function onKey(e: KeyboardEvent, el: CanvasElement) {
    const step = e.shiftKey ? 50 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key]!;
      void scene.commit(moveElements(scene.elements(), new Set([el.id]), dx, dy));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      void scene.commit(removeElement(scene.elements(), el.id));
      setSelected(null);
    } else if (e.key === 'Enter' && el.type === 'card') {
      e.preventDefault();
      openCard(el);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setSelected(el.id);
    }
  }

  const selectedEl = () => (selected() ? find(selected()!) : undefined);
  const surfaceSize = () => ({ width: svg.clientWidth, height: svg.clientHeight });
  const viewCenter = () => viewport.toWorld({ x: svg.clientWidth / 2, y: svg.clientHeight / 2 });
  /** Selects an element and centres the view on it; on a phone the sheet closes to show it. */
  const reveal = (id: string) => {
    const el = find(id);
    if (!el) return;
    setSelected(id);
    viewport.centerOn({ x: el.x + el.width / 2, y: el.y + el.height / 2 }, surfaceSize());
    if (matchMedia(PHONE).matches) setPanel(null);
  };
  let inspector: HTMLDivElement | undefined;
  let section!: HTMLElement;
  /** The world rectangle a person sees of the surface: clipped by the scrolling section and the
   * window, less what the inspector or a phone's panel sheet covers (`openArea`). */
  const openRect = () => {
    const s = svg.getBoundingClientRect();
    const clips: DOMRect[] = [new DOMRect(0, 0, innerWidth, innerHeight)];
    for (let p = svg.parentElement; p; p = p.parentElement)
      if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowY)) clips.push(p.getBoundingClientRect());
    const overlays = [inspector, ...section.querySelectorAll<HTMLElement>('.canvas-panel')]
      .filter((el): el is HTMLElement => !!el?.isConnected)
      .map((el) => el.getBoundingClientRect());
    const open = openArea(s, clips, overlays) ?? s;
    const a = viewport.toWorld({ x: open.left - s.left, y: open.top - s.top });
    const b = viewport.toWorld({ x: open.right - s.left, y: open.bottom - s.top });
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  };
  /** A card for a note, task, project or file, in view beside what is there, and selected. */
  const addCard = (entity: CardEntity) => {
    const id = newId();
    const at = freeSpot(scene.elements(), openRect(), CARD_SIZE);
    void scene.commit([...scene.elements(), cardElement(id, entity, at)]);
    setSelected(id);
  };

  return (
    <section ref={section} class="canvas-editor" aria-label="Canvas editor">
      <div class="plan-bar">
        <button type="button" aria-label="Back to canvases" onClick={props.onBack}>
          ←
        </button>
        <h2>{scene.meta()?.path ?? ''}</h2>
        <span role="status" class="count">
          {scene.saving() ? 'Saving…' : 'Saved'}
        </span>
        <button type="button" class="danger" onClick={() => props.onDelete()}>
          Delete canvas
        </button>
      </div>
      <CanvasToolbar
        tool={tool}
        onTool={setTool}
        picking={picking}
        onPicking={() => setPicking((p) => !p)}
        panel={panel}
        onPanel={(id) => setPanel((p) => (p === id ? null : id))}
        panelButton={(id, b) => panelButtons.set(id, b)}
        menuButton={(b) => {
          menuButton = b;
        }}
        scene={scene}
        onZoom={(factor) => viewport.zoomAt(factor, { x: svg.clientWidth / 2, y: svg.clientHeight / 2 })}
        onResetView={viewport.reset}
      />
      <FailureBanner error={scene.error()} />
      <Show when={picking()}>
        <CardPicker
          client={props.client}
          onClose={() => setPicking(false)}
          onPick={(entity) => {
            // Closed first: the picker sits above the surface, and the card goes where the
            // surface shows once it is gone.
            setPicking(false);
            addCard(entity);
          }}
        />
      </Show>
      <div class="canvas-body">
        <Show when={selectedEl()}>
          {(el) => (
            <ElementInspector
              ref={(d) => {
                inspector = d;
              }}
              element={el()}
              name={labelOf(el()).split(':')[0] ?? ''}
              scene={scene}
              onDeleted={() => setSelected(null)}
            />
          )}
        </Show>
        <Show when={panel() === 'assets'}>
          <AssetsPanel
            client={props.client}
            canvasId={props.id}
            selected={selected}
            onShow={reveal}
            onAdd={addCard}
            onClose={closePanel}
          />
        </Show>
        <Show when={panel() === 'library'}>
          <LibraryPanel
            client={props.client}
            canvasId={props.id}
            scene={scene}
            newId={newId}
            center={viewCenter}
            onInserted={reveal}
            onClose={closePanel}
          />
        </Show>
        <svg
          ref={svg}
          class="canvas-surface"
          role="application"
          aria-label="Canvas"
          data-tool={tool()}
          onPointerDown={(e) => gestures.begin(e, null)}
          onPointerMove={gestures.drag}
          onPointerUp={gestures.end}
          // The pointer is captured by the surface during a gesture, so a double-click lands here:
          // the card under the pointer opens.
          onDblClick={(e) => {
            const el = gestures.shapeAt(e);
            if (el) openCard(el);
          }}
          onPointerCancel={gestures.cancel}
          onWheel={(e) => {
            e.preventDefault();
            viewport.zoomAt(e.deltaY < 0 ? 1.1 : 1 / 1.1, gestures.screenOf(e));
          }}
        >
          <defs>
            <marker
              id="arrowhead"
              viewBox="0 0 10 10"
              refX="10"
              refY="5"
              markerWidth="8"
              markerHeight="8"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
            </marker>
          </defs>
          {/* Index keeps each element's node across edits, so keyboard focus survives a move. */}
          <g
            transform={`translate(${viewport.view().x} ${viewport.view().y}) scale(${viewport.view().zoom})`}
          >
            <Index each={scene.elements()}>
              {(el) => (
                <SceneElement
                  element={el()}
                  label={labelOf(el())}
                  cardTitle={el().type === 'card' ? cardTitle(el()) : undefined}
                  selected={selected() === el().id}
                  find={find}
                  onPointerDown={(e, on) => {
                    e.stopPropagation();
                    gestures.begin(e, on);
                  }}
                  onResizeDown={gestures.resizeFrom}
                  onKeyDown={onKey}
                />
              )}
            </Index>
          </g>
        </svg>
      </div>
    </section>
  );
}
