import type { LocalOnly } from '../../stores/localOnly';
import { defineOperation, type Operation } from '../defineOperation';
import { ok } from '../result';
import { toNoteEntry } from './noteShape';

/**
 * notes.setLocalOnly and notes.getLocalOnlyCount (spec 4.4, 4.5; signatures chosen in
 * docs/notes.md "Local-only notes"): what "keep on this device only" means for sync is in
 * stores/localOnly.ts.
 */
export function localOnlyOperations(localOnly: LocalOnly): Operation[] {
  return [
    defineOperation({
      name: 'notes.setLocalOnly',
      summary: 'Keep a note on this device only (true), or sync it again (false)',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'id', required: true, schema: { type: 'string', minLength: 1 } },
        { name: 'localOnly', required: true, schema: { type: 'boolean' } },
      ] as const,
      handler: async ([id, on]) => {
        const set = await localOnly.set(id, on);
        return set.ok ? ok(toNoteEntry(set.value)) : set;
      },
    }),
    defineOperation({
      name: 'notes.getLocalOnlyCount',
      summary: 'How many notes are kept on this device only',
      kind: 'read',
      params: [] as const,
      handler: async () => ok({ count: await localOnly.count() }),
    }),
  ];
}
