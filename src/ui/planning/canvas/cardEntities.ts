import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import { itemRoute } from '../../app/itemRoute';

export type EntityType = 'note' | 'task' | 'project';

export interface CardEntity {
  entity_type: EntityType;
  entity_id: string;
  title: string | null;
  context: string | null;
}

export const cardKey = (type: string, id: string) => `${type}:${id}`;

/** Where a card's entity opens in the app. */
export function entityHref(type: EntityType, id: string): string {
  return itemRoute(type, id) ?? '#/';
}

/** A card's size when placed (world units). */
export const CARD_SIZE = { width: 200, height: 80 };

/** A new card for an entity, centred on `at`, its title kept as text (what agents read). */
export function cardElement(id: string, entity: CardEntity, at: { x: number; y: number }): CanvasElement {
  return {
    id,
    type: 'card',
    x: Math.round(at.x - CARD_SIZE.width / 2),
    y: Math.round(at.y - CARD_SIZE.height / 2),
    ...CARD_SIZE,
    text: entity.title ?? '',
    strokeColor: '#1f5f50',
    fillColor: '#ffffff',
    entity_type: entity.entity_type,
    entity_id: entity.entity_id,
  };
}
