import { createRoot } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import { createPickerSearch } from '../../../../src/ui/planning/canvas/createPickerSearch';
import type { OpResult } from '../../../../src/ui/planning/shared/callOp';

vi.mock('solid-js', () => vi.importActual('solid-js/dist/solid.js'));

/** A find whose answers the test releases one by one, in any order. */
function controlledFind() {
  const pending = new Map<string, (r: OpResult<string[]>) => void>();
  const calls: string[] = [];
  const find = (q: string) =>
    new Promise<OpResult<string[]>>((resolve) => {
      calls.push(q);
      pending.set(q, resolve);
    });
  const answer = (q: string, r: OpResult<string[]>) => pending.get(q)?.(r);
  return { find, answer, calls };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createPickerSearch', () => {
  it('drops an older answer that arrives after a newer query was typed', async () => {
    const f = controlledFind();
    const s = createRoot(() =>
      createPickerSearch({ find: f.find, empty: () => 'Nothing matches.', searchBlank: false }),
    );
    const first = s.search('al');
    const second = s.search('alp');
    f.answer('alp', { ok: true, value: ['Alpha'] });
    await second;
    f.answer('al', { ok: true, value: ['Alpha', 'Algae'] });
    await first;
    expect(s.found()).toEqual(['Alpha']);
    expect(s.query()).toBe('alp');
  });

  it('a blank query lists nothing without asking, unless the picker searches blank', async () => {
    const f = controlledFind();
    const s = createRoot(() => createPickerSearch({ find: f.find, empty: () => 'none', searchBlank: false }));
    await s.search('   ');
    expect(f.calls).toEqual([]);
    expect(s.message()).toBe('');

    const g = controlledFind();
    const t = createRoot(() =>
      createPickerSearch({ find: g.find, empty: (q) => `empty:${q}`, searchBlank: true }),
    );
    expect(t.message()).toBe('Loading…');
    expect(g.calls).toEqual(['']);
    g.answer('', { ok: true, value: [] });
    await tick();
    expect(t.message()).toBe('empty:');
  });

  it('says what matched nothing, and a refusal in the operation’s words', async () => {
    const f = controlledFind();
    const s = createRoot(() =>
      createPickerSearch({ find: f.find, empty: () => 'Nothing matches.', searchBlank: false }),
    );
    const p = s.search('zz');
    expect(f.calls).toEqual(['zz']);
    f.answer('zz', { ok: true, value: [] });
    await p;
    expect(s.message()).toBe('Nothing matches.');
    const q = s.search('x');
    f.answer('x', { ok: false, error: { code: 'VALIDATION', message: 'Query too long' } as never });
    await q;
    expect(s.found()).toEqual([]);
    expect(s.message()).toBe('Query too long');
  });
});
