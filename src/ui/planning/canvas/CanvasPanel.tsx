import type { JSX } from 'solid-js';
import './canvasPanels.css';

/**
 * A panel of the canvas editor beside the surface (a bottom sheet on a phone): a named region
 * that takes the focus when it opens, so the keyboard lands in it; Escape or its close button
 * closes it (the editor then returns the focus to the panel's toolbar button).
 */
export function CanvasPanel(props: {
  id: string;
  title: string;
  onClose: () => void;
  children: JSX.Element;
}) {
  return (
    <section
      id={props.id}
      class="canvas-panel"
      aria-labelledby={`${props.id}-title`}
      tabindex="-1"
      ref={(el) => queueMicrotask(() => el.focus())}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        props.onClose();
      }}
    >
      <header class="canvas-panel-head">
        <h3 id={`${props.id}-title`}>{props.title}</h3>
        <button type="button" aria-label={`Close ${props.title.toLowerCase()}`} onClick={props.onClose}>
          ×
        </button>
      </header>
      {props.children}
    </section>
  );
}
