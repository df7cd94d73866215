import { type Accessor, For } from 'solid-js';
import type { CanvasScene } from './createCanvasScene';
import type { ShapeTool } from './sceneEdits';

export type Connector = 'arrow' | 'line';
export type Tool = 'select' | ShapeTool | Connector;
export type Panel = 'assets' | 'library';

const TOOLS: [Tool, string][] = [
  ['select', 'Select'],
  ['rectangle', 'Rectangle'],
  ['ellipse', 'Ellipse'],
  ['diamond', 'Diamond'],
  ['text', 'Text'],
  ['arrow', 'Arrow'],
  ['line', 'Line'],
  ['frame', 'Frame'],
];
const PANELS: [Panel, string][] = [
  ['assets', 'Assets'],
  ['library', 'Library'],
];

/**
 * The editor's toolbar: drawing tools (pressed: the current one), the card picker and panel
 * toggles (expanded: open), undo/redo and zoom. It only dispatches; the editor owns the state.
 * `panelButton` hands each panel toggle to the editor, which gives it the focus back on close.
 */
export function CanvasToolbar(props: {
  tool: Accessor<Tool>;
  onTool: (t: Tool) => void;
  picking: Accessor<boolean>;
  onPicking: () => void;
  panel: Accessor<Panel | null>;
  onPanel: (p: Panel) => void;
  panelButton: (p: Panel, button: HTMLButtonElement) => void;
  scene: CanvasScene;
  onZoom: (factor: number) => void;
  onResetView: () => void;
}) {
  return (
    <div class="canvas-toolbar" role="toolbar" aria-label="Canvas tools">
      <For each={TOOLS}>
        {([id, label]) => (
          <button type="button" aria-pressed={props.tool() === id} onClick={() => props.onTool(id)}>
            {label}
          </button>
        )}
      </For>
      <button type="button" aria-expanded={props.picking()} onClick={props.onPicking}>
        Add card
      </button>
      <For each={PANELS}>
        {([id, label]) => (
          <button
            type="button"
            ref={(b) => props.panelButton(id, b)}
            aria-expanded={props.panel() === id}
            aria-controls={props.panel() === id ? `canvas-${id}` : undefined}
            onClick={() => props.onPanel(id)}
          >
            {label}
          </button>
        )}
      </For>
      <button type="button" onClick={props.scene.undo} disabled={!props.scene.canUndo()}>
        Undo
      </button>
      <button type="button" onClick={props.scene.redo} disabled={!props.scene.canRedo()}>
        Redo
      </button>
      <button type="button" aria-label="Zoom in" onClick={() => props.onZoom(1.25)}>
        +
      </button>
      <button type="button" aria-label="Zoom out" onClick={() => props.onZoom(0.8)}>
        −
      </button>
      <button type="button" onClick={props.onResetView}>
        Reset view
      </button>
    </div>
  );
}
