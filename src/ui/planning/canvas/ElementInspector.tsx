import { Show } from 'solid-js';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import { createDrafts } from '../../forms/createDrafts';
import type { CanvasScene } from './createCanvasScene';
import { CONNECTORS, DEFAULT_STROKE, removeElement } from './sceneEdits';

/**
 * The selected element's text, stroke and fill colours, and delete: each change is one undoable
 * commit of the scene. `name` is the element's accessible name without its text ("Rectangle 2").
 */
export function ElementInspector(props: {
  ref?: (div: HTMLDivElement) => void;
  element: CanvasElement;
  name: string;
  scene: CanvasScene;
  onDeleted: () => void;
}) {
  const el = () => props.element;
  const update = (patch: Partial<CanvasElement>) =>
    void props.scene.commit(props.scene.elements().map((x) => (x.id === el().id ? { ...x, ...patch } : x)));
  // The text typed stays until it is committed (on change): another tab's write to the canvas
  // reads the scene again, new element objects, and a box bound to the element's text was written
  // back over the typing. Drafts are by element id: the inspector follows the selection.
  const typed = createDrafts();
  const storedText = () => el().text ?? '';
  // Colours come from a colour input: always `#rrggbb`, which the element schema takes.
  return (
    <div class="canvas-inspector" ref={(d) => props.ref?.(d)}>
      {/* The field says "Text" (the selection is marked on the surface); its name says whose. */}
      <label class="canvas-inspector-text">
        Text
        <input
          aria-label={`Text of ${props.name}`}
          value={typed.value(el().id, storedText)}
          maxLength={10000}
          onInput={(e) => typed.input(el().id, e.currentTarget.value)}
          onChange={(e) => {
            typed.saved(el().id, storedText());
            update({ text: e.currentTarget.value });
          }}
        />
      </label>
      <label>
        Stroke colour
        <input
          type="color"
          value={el().strokeColor ?? DEFAULT_STROKE}
          onChange={(e) => update({ strokeColor: e.currentTarget.value })}
        />
      </label>
      <Show when={!CONNECTORS.has(el().type) && el().type !== 'card'}>
        <label>
          Fill colour
          <input
            type="color"
            value={
              el().fillColor === undefined || el().fillColor === 'transparent' ? '#ffffff' : el().fillColor
            }
            onChange={(e) => update({ fillColor: e.currentTarget.value })}
          />
        </label>
        <button
          type="button"
          aria-pressed={el().fillColor === 'transparent'}
          onClick={() => update({ fillColor: 'transparent' })}
        >
          No fill
        </button>
      </Show>
      <button
        type="button"
        class="danger"
        onClick={() => {
          void props.scene.commit(removeElement(props.scene.elements(), el().id));
          props.onDeleted();
        }}
      >
        Delete element
      </button>
    </div>
  );
}
