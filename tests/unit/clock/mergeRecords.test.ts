import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceClocks, type Clocked } from '../../../src/worker/domain/clock/fieldClocks';
import { mergeFieldwise } from '../../../src/worker/domain/clock/mergeRecords';

const FIELDS = ['title', 'priority'] as const;
type F = (typeof FIELDS)[number];
type Clock = Record<string, number>;
interface Rec extends Clocked<F> {
  id: string;
  title: string;
  priority: number;
  note: string;
  syncedAt: string | null;
}

function rec(over: Partial<Rec>): Rec {
  return { id: 't', title: 'x', priority: 0, note: '', syncedAt: null, clock: {}, fieldClocks: {}, ...over };
}

describe('mergeFieldwise', () => {
  it('keeps concurrent edits of different fields from both sides', () => {
    const base = rec({ clock: { a: 1 }, fieldClocks: { title: { a: 1 }, priority: { a: 1 } } });
    const local = { ...base, title: 'local title', ...advanceClocks(base, ['title'], FIELDS, 'a') };
    const remote = { ...base, priority: 3, ...advanceClocks(base, ['priority'], FIELDS, 'b') };
    const out = mergeFieldwise(local, remote, FIELDS);
    expect(out.merged.title).toBe('local title');
    expect(out.merged.priority).toBe(3);
    expect(out.localWins).toEqual(['title']);
    expect(out.remoteWins).toEqual(['priority']);
    expect(out.needsPush).toBe(true);
    expect(out.merged.clock).toEqual({ a: 2, b: 1 });
    expect(out.merged.fieldClocks.title).toEqual({ a: 2 });
    expect(out.merged.fieldClocks.priority).toEqual({ a: 1, b: 1 });
  });

  it('same field: the larger tick sum wins, whichever side it is on', () => {
    const local = rec({ title: 'L', clock: { a: 3 }, fieldClocks: { title: { a: 3 } } });
    const remote = rec({ title: 'R', clock: { b: 2 }, fieldClocks: { title: { b: 2 } } });
    expect(mergeFieldwise(local, remote, FIELDS).merged.title).toBe('L');
    expect(mergeFieldwise(remote, local, FIELDS).merged.title).toBe('L');
  });

  it('same field with equal sums: the incoming remote write wins', () => {
    const local = rec({ title: 'L', clock: { a: 2 }, fieldClocks: { title: { a: 2 } } });
    const remote = rec({ title: 'R', clock: { b: 2 }, fieldClocks: { title: { b: 2 } } });
    const out = mergeFieldwise(local, remote, FIELDS);
    expect(out.merged.title).toBe('R');
    expect(out.needsPush).toBe(false);
  });

  it('local-only keys never come from the remote side; unclocked keys follow the record clocks', () => {
    const local = rec({ note: 'mine', syncedAt: 'L', clock: { a: 1 } });
    const remote = rec({ note: 'theirs', syncedAt: 'R', clock: { b: 5 } });
    const out = mergeFieldwise(local, remote, FIELDS, { localOnly: ['syncedAt'] });
    expect(out.merged.syncedAt).toBe('L');
    expect(out.merged.note).toBe('theirs');
    expect(out.needsPush).toBe(false);
  });

  it('is pure: inputs are left untouched', () => {
    const local = rec({ title: 'L', fieldClocks: { title: { a: 1 } } });
    const copy = structuredClone(local);
    mergeFieldwise(local, rec({ title: 'R' }), FIELDS);
    expect(local).toEqual(copy);
  });

  // Through the server: B takes A's merge result as "remote"; both must end on the same values.
  it('converges: merging the merge result into the other side changes nothing', () => {
    const side = fc.record({
      title: fc.constantFrom('p', 'q', 'r'),
      priority: fc.integer({ min: 0, max: 4 }),
      note: fc.string({ maxLength: 3 }),
      t: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.nat({ max: 5 })),
      p: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.nat({ max: 5 })),
      c: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.nat({ max: 5 })),
    });
    type Side = { title: string; priority: number; note: string; t: Clock; p: Clock; c: Clock };
    const toRec = (s: Side) =>
      rec({
        title: s.title,
        priority: s.priority,
        note: s.note,
        clock: s.c,
        fieldClocks: { title: s.t, priority: s.p },
      });
    fc.assert(
      fc.property(side, side, (x, y) => {
        const a = toRec(x);
        const b = toRec(y);
        const m = mergeFieldwise(a, b, FIELDS).merged;
        const back = mergeFieldwise(b, m, FIELDS);
        expect(back.merged.title).toBe(m.title);
        expect(back.merged.priority).toBe(m.priority);
        expect(back.merged.note).toBe(m.note);
        expect(back.needsPush).toBe(false);
        const again = mergeFieldwise(m, m, FIELDS);
        expect(again.merged).toEqual(m);
      }),
    );
  });
});

describe('mergeFieldwise with payloads of other versions', () => {
  it('keeps fields only one side has, clocked or not', () => {
    const local = { ...rec({ note: 'kept', clock: { a: 1 } }), extra: 'mine' } as Rec & { extra?: string };
    const { priority: _dropped, ...remote } = rec({
      title: 'R',
      clock: { b: 2 },
      fieldClocks: { title: { b: 2 } },
    });
    const m = mergeFieldwise(local, remote as Rec, FIELDS).merged as Rec & { extra?: string };
    expect(m.extra).toBe('mine');
    expect(m.priority).toBe(0);
    expect(m.title).toBe('R');
  });
});
