import { CANVAS_ADDRESS, NON_EMPTY } from './fragments';
import { defineToolSpec, writeAnnotations } from './toolSpec';

/**
 * The canvas write tools spec 4.2 names without defining; Cairn's design is in
 * docs/agent-tools.md. Element ids come from vault_read_canvas_elements; an element drawn in the
 * same call is referred to by the `ref` the agent gave it.
 */
const COORD = { type: 'number', minimum: -1000000, maximum: 1000000 } as const;
const SIZE = { type: 'number', minimum: 1, maximum: 100000 } as const;
const COLOR = {
  type: 'string',
  pattern: '^#[0-9a-fA-F]{6}$',
  description: '#rrggbb',
  examples: ['#1e90ff'],
} as const;
const LABEL = { type: 'string', maxLength: 10000 } as const;
const ELEMENT_TYPES = ['rectangle', 'ellipse', 'diamond', 'text', 'arrow', 'line', 'frame'] as const;

export const drawOnCanvas = defineToolSpec({
  name: 'vault_draw_on_canvas',
  title: 'Draw on a canvas',
  description:
    'Add shapes, text, arrows and frames to a canvas. Give an element a ref to bind arrows to it in the same call; from/to take an element id from vault_read_canvas_elements or such a ref. Returns the ids created.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['canvas', 'elements'],
    properties: {
      canvas: CANVAS_ADDRESS,
      elements: {
        type: 'array',
        minItems: 1,
        maxItems: 200,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['type'],
          properties: {
            ref: { type: 'string', minLength: 1, maxLength: 64 },
            type: { enum: ELEMENT_TYPES },
            x: COORD,
            y: COORD,
            width: SIZE,
            height: SIZE,
            text: LABEL,
            stroke_color: COLOR,
            background_color: COLOR,
            from: NON_EMPTY,
            to: NON_EMPTY,
            frame_id: NON_EMPTY,
          },
        },
      },
    },
  },
  annotations: writeAnnotations(false),
  requiresApproval: true,
});

export const editCanvasElements = defineToolSpec({
  name: 'vault_edit_canvas_elements',
  title: 'Edit canvas elements',
  description:
    'Move, resize, recolour, relabel, rebind or delete existing canvas elements, named by the ids vault_read_canvas_elements returns. Only the fields given change.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['canvas'],
    properties: {
      canvas: CANVAS_ADDRESS,
      changes: {
        type: 'array',
        minItems: 1,
        maxItems: 200,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: {
            id: NON_EMPTY,
            x: COORD,
            y: COORD,
            width: SIZE,
            height: SIZE,
            text: LABEL,
            stroke_color: COLOR,
            background_color: COLOR,
            from: { type: ['string', 'null'], minLength: 1 },
            to: { type: ['string', 'null'], minLength: 1 },
            frame_id: { type: ['string', 'null'], minLength: 1 },
          },
        },
      },
      delete_ids: { type: 'array', minItems: 1, maxItems: 200, items: NON_EMPTY },
    },
  },
  annotations: writeAnnotations(true),
  requiresApproval: true,
});

export const addCanvasItem = defineToolSpec({
  name: 'vault_add_canvas_item',
  title: 'Add an item card to a canvas',
  description:
    'Place a card for a note, filed file, task or project on a canvas; the card element carries entity_type and entity_id. Returns the new element id.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['canvas', 'entity_type', 'entity_id'],
    properties: {
      canvas: CANVAS_ADDRESS,
      entity_type: { enum: ['note', 'task', 'project'] },
      entity_id: NON_EMPTY,
      x: COORD,
      y: COORD,
      width: SIZE,
      height: SIZE,
      frame_id: NON_EMPTY,
    },
  },
  annotations: writeAnnotations(false),
  requiresApproval: true,
});
