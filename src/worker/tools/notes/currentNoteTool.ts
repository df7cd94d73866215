import { ok } from '../../ops/result';
import { getCurrentNote } from '../catalog/readNoteTools';
import { defineTool, jsonOutput } from '../defineTool';
import { readNoteReply } from './readNoteTool';

/**
 * Spec 4.1 vault_get_current_note: the note open in the calling window (its first page, as
 * vault_read_note gives it), or null. Offered only where the tab provides `currentNoteId`.
 */
export const currentNoteTool = defineTool({
  spec: getCurrentNote,
  operations: ['notes.get'],
  available: (registry, ports) =>
    registry.get('notes.get') !== undefined && ports.currentNoteId !== undefined,
  handler: async (_args, env) => {
    const id = (await env.ports.currentNoteId?.()) ?? null;
    if (id === null) return ok(jsonOutput(null));
    const reply = await readNoteReply(id, 1, env);
    // The open note may have just been deleted in another tab: that is "no note open".
    return !reply.ok && reply.error.code === 'NOT_FOUND' ? ok(jsonOutput(null)) : reply;
  },
});
