import { type Checked, refuse } from '../domain/notes/validationError';

/**
 * Search reasons (docs/search.md, "Reasons"): short notes a user or an agent attaches to a note
 * saying why it should surface ("the lease contract, needed for the tax return"). They are
 * indexed as the note's `reasons` field, boosted above the body, so a search for the reason's
 * words finds the note, and a hit says `fields: [..., 'reasons']`. `search.getReasons` lists them,
 * `search.addReason` adds one (approval, like every write), `search.clearReasons` removes them.
 */
export interface SearchReason {
  id: string;
  note_id: string;
  text: string;
  source: 'user' | 'agent';
  created_at: number;
}

/** Storage of reasons (a Dexie table indexed by note_id in the worker). */
export interface ReasonStore {
  list(noteId?: string): Promise<SearchReason[]>;
  add(reason: SearchReason): Promise<void>;
  /** removes the note's reasons (all reasons when no id); returns how many were removed */
  clear(noteId?: string): Promise<number>;
}

export interface ReasonDeps {
  store: ReasonStore;
  noteExists(id: string): Promise<boolean>;
  /** re-indexes the note so its reasons field follows the change */
  reindex(noteId: string): Promise<void>;
  newId(): string;
  now(): number;
}

export const REASON_MAX_CHARS = 500;
export const REASONS_PER_NOTE = 20;

export function createSearchReasons(deps: ReasonDeps) {
  return {
    async getReasons(args: { note_id?: string } = {}): Promise<SearchReason[]> {
      const all = await deps.store.list(args.note_id);
      return all.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
    },

    async addReason(args: {
      note_id: string;
      reason: string;
      source?: 'user' | 'agent';
    }): Promise<Checked<SearchReason>> {
      const text = (args.reason ?? '').trim().replace(/\s+/g, ' ');
      if (text === '') return refuse('reason', 'A reason cannot be empty.', 'min length 1');
      if (text.length > REASON_MAX_CHARS) {
        return refuse(
          'reason',
          `A reason is at most ${REASON_MAX_CHARS} characters.`,
          `1..${REASON_MAX_CHARS}`,
        );
      }
      if (!(await deps.noteExists(args.note_id))) {
        return refuse('note_id', `There is no note with id "${args.note_id}".`);
      }
      const existing = await deps.store.list(args.note_id);
      if (existing.length >= REASONS_PER_NOTE) {
        return refuse('note_id', `A note holds at most ${REASONS_PER_NOTE} reasons; clear some first.`);
      }
      const reason: SearchReason = {
        id: deps.newId(),
        note_id: args.note_id,
        text,
        source: args.source ?? 'user',
        created_at: deps.now(),
      };
      await deps.store.add(reason);
      await deps.reindex(args.note_id);
      return { ok: true, value: reason };
    },

    async clearReasons(args: { note_id?: string } = {}): Promise<{ cleared: number }> {
      const touched = args.note_id
        ? [args.note_id]
        : [...new Set((await deps.store.list()).map((r) => r.note_id))];
      const cleared = await deps.store.clear(args.note_id);
      for (const id of touched) await deps.reindex(id);
      return { cleared };
    },
  };
}

/** The `reasons` field of a note's SearchDoc. */
export function reasonTexts(reasons: readonly SearchReason[]): string[] {
  return reasons.map((r) => r.text);
}
