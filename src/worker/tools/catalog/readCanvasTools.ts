import { CANVAS_BY_ID, NO_ARGUMENTS } from './fragments';
import { defineToolSpec, readAnnotations } from './toolSpec';

/** Spec 4.1: the read tools over canvases. A bare title matching several canvases is refused. */
export const listCanvases = defineToolSpec({
  name: 'vault_list_canvases',
  title: 'List canvases',
  description: 'Every canvas with its folder-qualified path (Folder/Title), which names it unambiguously.',
  inputSchema: NO_ARGUMENTS,
  annotations: readAnnotations(false),
  requiresApproval: false,
});

export const readCanvas = defineToolSpec({
  name: 'vault_read_canvas',
  title: 'Read a canvas',
  description: 'The items (notes, tasks, projects) and texts on a canvas, without geometry.',
  inputSchema: CANVAS_BY_ID,
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const readCanvasElements = defineToolSpec({
  name: 'vault_read_canvas_elements',
  title: 'Read canvas elements',
  description:
    'Every element of a canvas with id, type, position, size, text, colours, arrow bindings and frame. Use it before drawing: its element ids are what arrows bind to and what vault_edit_canvas_elements changes.',
  inputSchema: CANVAS_BY_ID,
  annotations: readAnnotations(true),
  requiresApproval: false,
});
