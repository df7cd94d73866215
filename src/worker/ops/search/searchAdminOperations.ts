import type { SearchReasons } from '../../indexing/dexieReasonStore';
import type { SearchStats } from '../../search/searchIndex';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok, type Result } from '../result';

const NOTE_ID = { type: 'string', minLength: 1, description: 'a note or filed file id' } as const;

/** Renames a domain refusal's field (`reason`, `note_id`) to where it sits in the args. */
function placed<T>(res: Result<T>): Result<T> {
  if (res.ok || res.error.field === undefined) return res;
  return { ...res, error: { ...res.error, field: `args[0].${res.error.field}` } };
}

/**
 * search.rebuildIndex, search.getReasons, search.addReason, search.clearReasons (spec 4.4, 4.5;
 * docs/search.md). `rebuild` is absent only where operations are described and never run (the
 * build's describe step); there the handler says so.
 */
export function searchAdminOperations(deps: {
  reasons: SearchReasons;
  rebuild?: () => Promise<Result<SearchStats>>;
}): Operation[] {
  const { reasons } = deps;
  return [
    defineOperation({
      name: 'search.rebuildIndex',
      summary:
        'Re-index the whole vault from scratch; searches keep answering meanwhile. Replies with the new stats',
      kind: 'write',
      requiresApproval: true,
      params: [] as const,
      handler: async () =>
        deps.rebuild ? deps.rebuild() : fail('UNAVAILABLE', 'No search index is open here.'),
    }),
    defineOperation({
      name: 'search.getReasons',
      summary: 'The reasons attached to notes (why each should surface in search), oldest first',
      kind: 'read',
      params: [
        {
          name: 'filter',
          required: false,
          schema: { type: 'object', additionalProperties: false, properties: { note_id: NOTE_ID } },
        },
      ] as const,
      handler: async ([filter]) =>
        ok(await reasons.getReasons(filter?.note_id === undefined ? {} : { note_id: filter.note_id })),
    }),
    defineOperation({
      name: 'search.addReason',
      summary: 'Attach a short reason to a note: searching its words finds the note (field "reasons")',
      kind: 'write',
      requiresApproval: true,
      params: [
        {
          name: 'reason',
          required: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['note_id', 'reason'],
            properties: {
              note_id: NOTE_ID,
              reason: {
                type: 'string',
                minLength: 1,
                maxLength: 2000,
                description: 'at most 500 characters once white space is collapsed',
              },
            },
          },
        },
      ] as const,
      handler: async ([args], ctx) =>
        placed(
          await reasons.addReason({
            note_id: args.note_id,
            reason: args.reason,
            source: ctx.caller.kind === 'agent' ? 'agent' : 'user',
          }),
        ),
    }),
    defineOperation({
      name: 'search.clearReasons',
      summary: "Remove one note's reasons, or every reason when no note is given",
      kind: 'write',
      requiresApproval: true,
      destructive: true,
      params: [
        {
          name: 'filter',
          required: false,
          schema: { type: 'object', additionalProperties: false, properties: { note_id: NOTE_ID } },
        },
      ] as const,
      handler: async ([filter]) =>
        ok(await reasons.clearReasons(filter?.note_id === undefined ? {} : { note_id: filter.note_id })),
    }),
  ];
}
