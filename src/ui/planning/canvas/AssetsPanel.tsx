import { type Accessor, createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLiveValue } from '../shared/createLiveValue';
import { FailureBanner } from '../shared/FailureBanner';
import { CanvasPanel } from './CanvasPanel';
import type { CardEntity } from './cardEntities';
import { entityHref } from './cardEntities';
import { FilePicker } from './FilePicker';
import { fileKind, sizeLabel } from './fileLabels';

interface Asset {
  id: string;
  title: string;
  fileType: string;
  mime: string | null;
  size: number | null;
  placements: { elementId: string }[];
}

/**
 * The Assets panel: the filed files this canvas shows as cards (canvas.listAssets, re-read when
 * the canvas or a note changes, so it follows each save), with their type, size and number of
 * cards. "Show" selects and centres the next card of a file (several cards: each press the next),
 * "Open" opens the file, "Add file" places a card for one of the vault's files.
 */
export function AssetsPanel(props: {
  client: VaultClient;
  canvasId: string;
  selected: Accessor<string | null>;
  onShow: (elementId: string) => void;
  onAdd: (file: CardEntity) => void;
  onClose: () => void;
}) {
  const [adding, setAdding] = createSignal(false);
  const live = createLiveValue(
    props.client,
    ['canvases', 'notes'],
    () => props.canvasId,
    (id) => readOp<{ assets: Asset[] }>(props.client, 'canvas.listAssets', id),
  );
  const showNext = (a: Asset) => {
    const at = a.placements.findIndex((p) => p.elementId === props.selected());
    const next = a.placements[(at + 1) % a.placements.length];
    if (next) props.onShow(next.elementId);
  };
  return (
    <CanvasPanel id="canvas-assets" title="Assets" onClose={props.onClose}>
      <button type="button" aria-expanded={adding()} onClick={() => setAdding((v) => !v)}>
        Add file
      </button>
      <Show when={adding()}>
        <FilePicker
          client={props.client}
          onClose={() => setAdding(false)}
          onPick={(f) => {
            props.onAdd(f);
            setAdding(false);
          }}
        />
      </Show>
      <FailureBanner error={live.error()} />
      <ul class="canvas-panel-list" aria-label="Files on this canvas">
        <For
          each={live.data()?.assets}
          fallback={<li class="empty">{live.data() ? 'No file on this canvas yet.' : 'Loading…'}</li>}
        >
          {(a) => (
            <li>
              <span class="canvas-panel-name">{a.title}</span>
              <span class="muted">
                {[
                  fileKind(a.fileType),
                  sizeLabel(a.size),
                  a.placements.length === 1 ? '1 card' : `${a.placements.length} cards`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span class="canvas-panel-actions">
                <button
                  type="button"
                  aria-label={`Show ${a.title} on the canvas`}
                  onClick={() => showNext(a)}
                >
                  Show
                </button>
                <a href={entityHref('note', a.id)} aria-label={`Open ${a.title}`}>
                  Open
                </a>
              </span>
            </li>
          )}
        </For>
      </ul>
    </CanvasPanel>
  );
}
