import { type Accessor, createMemo } from 'solid-js';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { type CardEntity, cardKey } from './cardEntities';

/**
 * The current titles of the entities a scene's cards show, re-read when the set of cards changes
 * or a note, task or project changes (a rename shows at once). Keyed `type:id`; null: deleted.
 */
export function createCardTitles(client: VaultClient, elements: Accessor<readonly CanvasElement[]>) {
  const keys = createMemo(() =>
    [
      ...new Set(
        elements()
          .filter((e) => e.type === 'card' && e.entity_type && e.entity_id)
          .map((e) => cardKey(e.entity_type!, e.entity_id!)),
      ),
    ]
      .sort()
      .join('\n'),
  );
  const live = createLive(client, ['notes', 'tasks', 'projects'], keys, async (k) => {
    const cards =
      k === ''
        ? []
        : k.split('\n').map((s) => ({
            entity_type: s.slice(0, s.indexOf(':')),
            entity_id: s.slice(s.indexOf(':') + 1),
          }));
    return cards.length === 0
      ? { ok: true as const, value: { entities: [] as CardEntity[] } }
      : readOp<{ entities: CardEntity[] }>(client, 'canvas.getCardEntities', cards);
  });
  const titles = createMemo(
    () => new Map((live.data()?.entities ?? []).map((e) => [cardKey(e.entity_type, e.entity_id), e.title])),
  );
  /** The title to show on a card: its entity's, else the text kept on it, else a deleted marker. */
  return (el: CanvasElement): string => {
    const t =
      el.entity_type && el.entity_id ? titles().get(cardKey(el.entity_type, el.entity_id)) : undefined;
    if (t === null) return `${el.text ?? ''} (deleted)`.trim();
    return t ?? el.text ?? '';
  };
}
