import type { FromSchema } from 'json-schema-to-ts';

export const ELEMENT_TYPES = [
  'rectangle',
  'ellipse',
  'diamond',
  'text',
  'arrow',
  'line',
  'frame',
  'card',
] as const;
export const MAX_ELEMENTS = 5000;
const COLOR = { type: 'string', pattern: '^(#[0-9a-fA-F]{6}|transparent)$', examples: ['#1f5f50'] } as const;
const COORD = { type: 'number', minimum: -1e7, maximum: 1e7 } as const;
const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * One element of a canvas scene (spec 2.8): the single definition of its shape. Arrows and lines
 * go from (x, y) to (x + width, y + height) unless bound: `startBinding` / `endBinding` name the
 * element an end is attached to, and the end then follows that element wherever it moves.
 * `frameId` puts an element in a frame; a card shows a note, task or project.
 */
export const canvasElementSchema = {
  type: 'object',
  properties: {
    id: ID,
    type: { type: 'string', enum: ELEMENT_TYPES },
    x: COORD,
    y: COORD,
    width: COORD,
    height: COORD,
    text: { type: 'string', maxLength: 10_000 },
    strokeColor: COLOR,
    fillColor: COLOR,
    startBinding: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    endBinding: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    frameId: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    entity_type: { type: 'string', enum: ['note', 'task', 'project'] },
    entity_id: ID,
  },
  required: ['id', 'type', 'x', 'y', 'width', 'height'],
  additionalProperties: false,
} as const;

export type CanvasElement = FromSchema<typeof canvasElementSchema>;

export const sceneSchema = { type: 'array', items: canvasElementSchema, maxItems: MAX_ELEMENTS } as const;
