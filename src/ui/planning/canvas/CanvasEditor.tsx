import { createMemo, createSignal, Index, Show } from 'solid-js';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import type { VaultClient } from '../../vault/createVaultClient';
import { ConfirmButton } from '../shared/ConfirmButton';
import { FailureBanner } from '../shared/FailureBanner';
import { AssetsPanel } from './AssetsPanel';
import { CanvasToolbar, type Connector, type Panel, type Tool } from './CanvasToolbar';
import { CardPicker } from './CardPicker';
import { type CardEntity, cardElement, type EntityType, entityHref } from './cardEntities';
import { createCanvasScene } from './createCanvasScene';
import { createCardTitles } from './createCardTitles';
import { createViewport, type Point } from './createViewport';
import { ElementInspector } from './ElementInspector';
import { LibraryPanel } from './LibraryPanel';
import { pinchStep } from './pinch';
import { SceneElement } from './SceneElement';
import {
  CONNECTORS,
  DEFAULT_STROKE,
  elementLabels,
  moveElements,
  removeElement,
  type ShapeTool,
  shapeFromDrag,
} from './sceneEdits';

/** Where the panels are a bottom sheet (canvasPanels.css): revealing a card closes the sheet. */
const PHONE = '(max-width: 760px)';

type Gesture =
  | { kind: 'pan'; last: Point }
  | { kind: 'create'; tool: ShapeTool; from: Point; id: string; before: CanvasElement[] }
  | { kind: 'arrow'; type: Connector; from: string | null; start: Point; id: string; before: CanvasElement[] }
  | { kind: 'pinch' }
  | { kind: 'move'; ids: Set<string>; last: Point; before: CanvasElement[]; moved: boolean }
  | { kind: 'resize'; id: string; before: CanvasElement[] };

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
  /** Closing a panel puts the focus back on its toolbar button. */
  const closePanel = () => {
    const open = panel();
    setPanel(null);
    if (open) panelButtons.get(open)?.focus();
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
  let gesture: Gesture | null = null;
  /** Touch points down on the surface (screen coordinates): two make a pinch. */
  const touches = new Map<number, Point>();
  let seq = 0;
  const newId = () => `el-${Date.now().toString(36)}-${(++seq).toString(36)}`;

  const screenOf = (e: PointerEvent | WheelEvent): Point => {
    const r = svg.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const worldOf = (e: PointerEvent) => viewport.toWorld(screenOf(e));
  /** The topmost shape under the pointer, looking through connectors (the arrow being drawn). */
  const shapeAt = (e: MouseEvent) => {
    for (const node of document.elementsFromPoint(e.clientX, e.clientY)) {
      const id = node.closest('[data-element-id]')?.getAttribute('data-element-id');
      const el = id ? find(id) : undefined;
      if (el && !CONNECTORS.has(el.type)) return el;
    }
    return undefined;
  };

  /** A second finger turns whatever the first one started into a pinch (its preview is undone). */
  function beginPinch() {
    const g = gesture;
    if (g && g.kind !== 'pan' && g.kind !== 'pinch') scene.preview(g.before);
    gesture = { kind: 'pinch' };
  }

  function begin(e: PointerEvent, on: CanvasElement | null) {
    if (e.button !== 0) return;
    e.preventDefault();
    svg.setPointerCapture(e.pointerId);
    if (e.pointerType === 'touch') {
      touches.set(e.pointerId, screenOf(e));
      if (touches.size === 2) return beginPinch();
      if (touches.size > 2) return;
    }
    const t = tool();
    const before = scene.elements();
    if (t === 'arrow' || t === 'line') {
      const start = worldOf(e);
      gesture = {
        kind: 'arrow',
        type: t,
        // Lines are free strokes; arrows bind to the shapes they start and end on.
        from: t === 'arrow' && on && !CONNECTORS.has(on.type) ? on.id : null,
        start,
        id: newId(),
        before,
      };
    } else if (t !== 'select') {
      gesture = { kind: 'create', tool: t, from: worldOf(e), id: newId(), before };
    } else if (on) {
      setSelected(on.id);
      gesture = { kind: 'move', ids: new Set([on.id]), last: worldOf(e), before, moved: false };
    } else {
      setSelected(null);
      gesture = { kind: 'pan', last: screenOf(e) };
    }
  }

  function drag(e: PointerEvent) {
    const g = gesture;
    const was = touches.get(e.pointerId);
    if (was !== undefined) {
      const now = screenOf(e);
      const other = [...touches].find(([id]) => id !== e.pointerId)?.[1];
      touches.set(e.pointerId, now);
      if (g?.kind === 'pinch' && other !== undefined) {
        const step = pinchStep([was, other], [now, other]);
        viewport.zoomAt(step.factor, step.at);
        viewport.panBy(step.dx, step.dy);
        return;
      }
    }
    if (!g || g.kind === 'pinch') return;
    const p = worldOf(e);
    if (g.kind === 'pan') {
      const s = screenOf(e);
      viewport.panBy(s.x - g.last.x, s.y - g.last.y);
      g.last = s;
    } else if (g.kind === 'move') {
      scene.preview(moveElements(scene.elements(), g.ids, p.x - g.last.x, p.y - g.last.y));
      g.last = p;
      g.moved = true;
    } else if (g.kind === 'resize') {
      scene.preview(
        scene.elements().map((el) =>
          el.id === g.id
            ? {
                ...el,
                width: Math.max(20, Math.round(p.x - el.x)),
                height: Math.max(20, Math.round(p.y - el.y)),
              }
            : el,
        ),
      );
    } else if (g.kind === 'create') {
      scene.preview([...g.before, shapeFromDrag(g.tool, g.id, g.from, p)]);
    } else {
      const arrow: CanvasElement = {
        id: g.id,
        type: g.type,
        x: g.start.x,
        y: g.start.y,
        width: p.x - g.start.x,
        height: p.y - g.start.y,
        strokeColor: DEFAULT_STROKE,
        startBinding: g.from,
        endBinding: null,
      };
      scene.preview([...g.before, arrow]);
    }
  }

  function end(e: PointerEvent) {
    if (touches.delete(e.pointerId) && gesture?.kind === 'pinch') {
      // The pinch ends with its first finger lifted; the other one starts nothing.
      if (touches.size === 0) gesture = null;
      return;
    }
    const g = gesture;
    gesture = null;
    if (!g || g.kind === 'pan' || g.kind === 'pinch') return;
    if (g.kind === 'move' && !g.moved) return;
    if (g.kind === 'create') {
      const shape = shapeFromDrag(g.tool, g.id, g.from, worldOf(e));
      const frame = scene.elements().find((f) => f.type === 'frame' && f.id !== g.id && inside(shape, f));
      void scene.commit(
        [...g.before, frame && g.tool !== 'frame' ? { ...shape, frameId: frame.id } : shape],
        g.before,
      );
      setSelected(g.id);
      setTool('select');
      return;
    }
    if (g.kind === 'arrow') {
      const p = worldOf(e);
      const target = g.type === 'arrow' ? shapeAt(e) : undefined;
      const to = target && target.id !== g.from ? target.id : null;
      const arrow: CanvasElement = {
        id: g.id,
        type: g.type,
        x: g.start.x,
        y: g.start.y,
        width: p.x - g.start.x,
        height: p.y - g.start.y,
        strokeColor: DEFAULT_STROKE,
        startBinding: g.from,
        endBinding: to,
      };
      void scene.commit([...g.before, arrow], g.before);
      setSelected(g.id);
      setTool('select');
      return;
    }
    void scene.commit(scene.elements(), g.before);
  }

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
  /** A card for a note, task, project or file, centred in the view and selected. */
  const addCard = (entity: CardEntity) => {
    const id = newId();
    void scene.commit([...scene.elements(), cardElement(id, entity, viewCenter())]);
    setSelected(id);
  };

  return (
    <section class="canvas-editor" aria-label="Canvas editor">
      <div class="plan-bar">
        <button type="button" aria-label="Back to canvases" onClick={props.onBack}>
          ←
        </button>
        <h2>{scene.meta()?.path ?? ''}</h2>
        <span role="status" class="count">
          {scene.saving() ? 'Saving…' : 'Saved'}
        </span>
        <ConfirmButton label="Delete canvas" question="Delete this canvas?" onConfirm={props.onDelete} />
      </div>
      <CanvasToolbar
        tool={tool}
        onTool={setTool}
        picking={picking}
        onPicking={() => setPicking((p) => !p)}
        panel={panel}
        onPanel={(id) => setPanel((p) => (p === id ? null : id))}
        panelButton={(id, b) => panelButtons.set(id, b)}
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
            addCard(entity);
            setPicking(false);
          }}
        />
      </Show>
      <Show when={selectedEl()}>
        {(el) => (
          <ElementInspector
            element={el()}
            name={labelOf(el()).split(':')[0] ?? ''}
            scene={scene}
            onDeleted={() => setSelected(null)}
          />
        )}
      </Show>
      <div class="canvas-body">
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
          onPointerDown={(e) => begin(e, null)}
          onPointerMove={drag}
          onPointerUp={end}
          // The pointer is captured by the surface during a gesture, so a double-click lands here:
          // the card under the pointer opens.
          onDblClick={(e) => {
            const el = shapeAt(e);
            if (el) openCard(el);
          }}
          onPointerCancel={(e) => {
            touches.delete(e.pointerId);
            const g = gesture;
            if (g && g.kind !== 'pan' && g.kind !== 'pinch') scene.preview(g.before);
            gesture = null;
          }}
          onWheel={(e) => {
            e.preventDefault();
            viewport.zoomAt(e.deltaY < 0 ? 1.1 : 1 / 1.1, screenOf(e));
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
                    begin(e, on);
                  }}
                  onResizeDown={(e, on) => {
                    svg.setPointerCapture(e.pointerId);
                    gesture = { kind: 'resize', id: on.id, before: scene.elements() };
                  }}
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

function inside(a: CanvasElement, frame: CanvasElement): boolean {
  return (
    a.x >= frame.x &&
    a.y >= frame.y &&
    a.x + a.width <= frame.x + frame.width &&
    a.y + a.height <= frame.y + frame.height
  );
}
