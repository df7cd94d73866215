import { Match, Show, Switch } from 'solid-js';
import { connectorEnds } from '../../../worker/domain/canvas/arrowGeometry';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';

interface Props {
  element: CanvasElement;
  label: string;
  selected: boolean;
  find: (id: string) => CanvasElement | undefined;
  onPointerDown: (e: PointerEvent, el: CanvasElement) => void;
  onResizeDown: (e: PointerEvent, el: CanvasElement) => void;
  onKeyDown: (e: KeyboardEvent, el: CanvasElement) => void;
  /** a card's entity title (live); other elements show their own text */
  cardTitle?: string;
}

/** One element drawn in SVG; focusable and named, so it can be reached and moved by keyboard. */
export function SceneElement(props: Props) {
  const el = () => props.element;
  const ends = () => connectorEnds(el(), props.find);
  const fill = () => (el().fillColor === 'transparent' ? 'none' : (el().fillColor ?? 'none'));
  const stroke = () => el().strokeColor ?? 'currentColor';
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it takes the role
    <g
      role="button"
      tabindex="0"
      class="scene-element"
      data-element-id={el().id}
      data-type={el().type}
      aria-label={props.label}
      aria-pressed={props.selected}
      onPointerDown={(e) => props.onPointerDown(e, el())}
      onKeyDown={(e) => props.onKeyDown(e, el())}
    >
      <Switch>
        <Match when={el().type === 'arrow' || el().type === 'line'}>
          <line class="hit" x1={ends()[0].x} y1={ends()[0].y} x2={ends()[1].x} y2={ends()[1].y} />
          <line
            x1={ends()[0].x}
            y1={ends()[0].y}
            x2={ends()[1].x}
            y2={ends()[1].y}
            stroke={stroke()}
            stroke-width="2"
            marker-end={el().type === 'arrow' ? 'url(#arrowhead)' : undefined}
          />
        </Match>
        <Match when={el().type === 'ellipse'}>
          <ellipse
            cx={el().x + el().width / 2}
            cy={el().y + el().height / 2}
            rx={el().width / 2}
            ry={el().height / 2}
            fill={fill()}
            stroke={stroke()}
            stroke-width="2"
          />
        </Match>
        <Match when={el().type === 'diamond'}>
          <polygon
            points={`${el().x + el().width / 2},${el().y} ${el().x + el().width},${el().y + el().height / 2} ${el().x + el().width / 2},${el().y + el().height} ${el().x},${el().y + el().height / 2}`}
            fill={fill()}
            stroke={stroke()}
            stroke-width="2"
          />
        </Match>
        <Match when={el().type !== 'text'}>
          <rect
            x={el().x}
            y={el().y}
            width={el().width}
            height={el().height}
            rx={el().type === 'card' ? 8 : 2}
            fill={el().type === 'text' ? 'transparent' : fill()}
            stroke={stroke()}
            stroke-width="2"
            stroke-dasharray={el().type === 'frame' ? '8 6' : undefined}
          />
        </Match>
      </Switch>
      <Show when={el().type === 'card'}>
        <text x={el().x + 12} y={el().y + 20} class="scene-card-kind" dominant-baseline="middle">
          {el().entity_type}
        </text>
        <text
          x={el().x + el().width / 2}
          y={el().y + el().height / 2 + 8}
          text-anchor="middle"
          dominant-baseline="middle"
          class="scene-text scene-card-title"
        >
          {props.cardTitle ?? el().text ?? ''}
        </text>
      </Show>
      <Show when={el().text && el().type !== 'arrow' && el().type !== 'line' && el().type !== 'card'}>
        <text
          x={el().type === 'frame' ? el().x + 8 : el().x + el().width / 2}
          y={el().type === 'frame' ? el().y - 8 : el().y + el().height / 2}
          text-anchor={el().type === 'frame' ? 'start' : 'middle'}
          dominant-baseline="middle"
          class="scene-text"
        >
          {el().text}
        </text>
      </Show>
      <Show when={el().type === 'text' && !el().text}>
        <rect x={el().x} y={el().y} width={el().width} height={el().height} fill="transparent" />
      </Show>
      <Show when={props.selected && el().type !== 'arrow' && el().type !== 'line'}>
        <rect
          class="selection"
          x={el().x - 4}
          y={el().y - 4}
          width={el().width + 8}
          height={el().height + 8}
        />
        <rect
          class="resize-handle"
          x={el().x + el().width - 6}
          y={el().y + el().height - 6}
          width="12"
          height="12"
          onPointerDown={(e) => {
            e.stopPropagation();
            props.onResizeDown(e, el());
          }}
        />
      </Show>
    </g>
  );
}
