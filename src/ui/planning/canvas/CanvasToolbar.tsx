import ChevronDown from 'lucide-solid/icons/chevron-down';
import Redo2 from 'lucide-solid/icons/redo-2';
import Undo2 from 'lucide-solid/icons/undo-2';
import { type Accessor, createSignal, For } from 'solid-js';
import type { CanvasScene } from './createCanvasScene';
import type { ShapeTool } from './sceneEdits';

export type Connector = 'arrow' | 'line';
export type Tool = 'select' | ShapeTool | Connector;
export type Panel = 'assets' | 'library';

/** The drawing tools behind "Tools" on a phone (Select stays in the row). */
const MENU_TOOLS: [Tool, string][] = [
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
 *
 * On a phone (canvas.css) it is one row: Select, Add card, Undo, Redo and a "Tools" button whose
 * menu holds the rest (issue 19 part 6: the wrapped toolbar took five rows of a 360 px screen).
 * The button shows the tool in use when that tool is in the menu ("Ellipse", named "Tools:
 * Ellipse"), so the row says what a drag will do. On a wide screen the menu's buttons sit in the row and the Tools button is hidden.
 */
export function CanvasToolbar(props: {
  tool: Accessor<Tool>;
  onTool: (t: Tool) => void;
  picking: Accessor<boolean>;
  onPicking: () => void;
  panel: Accessor<Panel | null>;
  onPanel: (p: Panel) => void;
  panelButton: (p: Panel, button: HTMLButtonElement) => void;
  /** the Tools button: where the focus goes back when a panel's button is in the closed menu */
  menuButton: (button: HTMLButtonElement) => void;
  scene: CanvasScene;
  onZoom: (factor: number) => void;
  onResetView: () => void;
}) {
  const [menu, setMenu] = createSignal(false);
  let toggle!: HTMLButtonElement;
  /** A choice in the menu closes it, so the surface is in view for what comes next. */
  const choose = (act: () => void) => () => {
    act();
    setMenu(false);
  };
  const toolInMenu = () => MENU_TOOLS.find(([id]) => id === props.tool())?.[1];
  return (
    <div class="canvas-toolbar" role="toolbar" aria-label="Canvas tools">
      <button type="button" aria-pressed={props.tool() === 'select'} onClick={() => props.onTool('select')}>
        Select
      </button>
      <button type="button" aria-expanded={props.picking()} onClick={props.onPicking}>
        Add card
      </button>
      <button
        type="button"
        class="icon-button"
        aria-label="Undo"
        title="Undo"
        onClick={props.scene.undo}
        disabled={!props.scene.canUndo()}
      >
        <Undo2 aria-hidden="true" size={18} />
      </button>
      <button
        type="button"
        class="icon-button"
        aria-label="Redo"
        title="Redo"
        onClick={props.scene.redo}
        disabled={!props.scene.canRedo()}
      >
        <Redo2 aria-hidden="true" size={18} />
      </button>
      <button
        type="button"
        ref={(b) => {
          toggle = b;
          props.menuButton(b);
        }}
        class="canvas-menu-toggle"
        aria-expanded={menu()}
        aria-controls="canvas-tool-menu"
        aria-pressed={toolInMenu() !== undefined}
        aria-label={toolInMenu() ? `Tools: ${toolInMenu()}` : undefined}
        onClick={() => setMenu((m) => !m)}
      >
        {toolInMenu() ?? 'Tools'}
        <ChevronDown aria-hidden="true" size={16} />
      </button>
      <fieldset
        id="canvas-tool-menu"
        aria-label="More tools"
        class="canvas-tool-menu"
        data-open={menu() ? '' : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && menu()) {
            setMenu(false);
            toggle.focus();
          }
        }}
      >
        <For each={MENU_TOOLS}>
          {([id, label]) => (
            <button type="button" aria-pressed={props.tool() === id} onClick={choose(() => props.onTool(id))}>
              {label}
            </button>
          )}
        </For>
        <For each={PANELS}>
          {([id, label]) => (
            <button
              type="button"
              ref={(b) => props.panelButton(id, b)}
              aria-expanded={props.panel() === id}
              aria-controls={props.panel() === id ? `canvas-${id}` : undefined}
              onClick={choose(() => props.onPanel(id))}
            >
              {label}
            </button>
          )}
        </For>
        <button type="button" aria-label="Zoom in" onClick={() => props.onZoom(1.25)}>
          +
        </button>
        <button type="button" aria-label="Zoom out" onClick={() => props.onZoom(0.8)}>
          −
        </button>
        <button type="button" onClick={choose(props.onResetView)}>
          Reset view
        </button>
      </fieldset>
    </div>
  );
}
