import { describe, expect, it } from 'vitest';
import { advanceClocks, initialClocks } from '../../../src/worker/domain/clock/fieldClocks';

const FIELDS = ['title', 'priority', 'tags'] as const;

describe('field clocks', () => {
  it('a created record has one tick on the record and on every syncable field', () => {
    const c = initialClocks(FIELDS, 'dev1');
    expect(c.clock).toEqual({ dev1: 1 });
    expect(c.fieldClocks).toEqual({ title: { dev1: 1 }, priority: { dev1: 1 }, tags: { dev1: 1 } });
  });

  it('an edit ticks the record clock once and only the changed syncable fields', () => {
    const start = { clock: { dev1: 1, dev2: 4 }, fieldClocks: { title: { dev2: 4 }, priority: { dev1: 1 } } };
    const next = advanceClocks(start, ['title', 'modifiedAt'], FIELDS, 'dev1');
    expect(next.clock).toEqual({ dev1: 2, dev2: 4 });
    expect(next.fieldClocks.title).toEqual({ dev1: 1, dev2: 4 });
    expect(next.fieldClocks.priority).toEqual({ dev1: 1 });
    expect(next.fieldClocks.tags).toBeUndefined();
    expect('modifiedAt' in next.fieldClocks).toBe(false);
    expect(start.clock).toEqual({ dev1: 1, dev2: 4 });
  });

  it('a field without a clock yet starts from zero', () => {
    const next = advanceClocks({ clock: {}, fieldClocks: {} }, ['tags'], FIELDS, 'x');
    expect(next.fieldClocks.tags).toEqual({ x: 1 });
  });
});
