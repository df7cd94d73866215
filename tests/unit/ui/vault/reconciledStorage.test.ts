import { createRenderEffect, createRoot, mapArray } from 'solid-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpResult } from '../../../../src/ui/planning/shared/callOp';
import { createLive } from '../../../../src/ui/planning/shared/createLive';
import { createLiveValue } from '../../../../src/ui/planning/shared/createLiveValue';
import type { VaultClient } from '../../../../src/ui/vault/createVaultClient';
import { reconciledValueStorage } from '../../../../src/ui/vault/reconciledStorage';
import type { ChangeBatch } from '../../../../src/worker/changes/changeFeed';

// Node resolves solid-js to its server build, where effects never run: use the browser build.
vi.mock('solid-js', () => vi.importActual('solid-js/dist/solid.js'));
vi.mock('solid-js/store', () => vi.importActual('solid-js/store/dist/store.js'));

interface Task {
  id: string;
  title: string;
  priority: number;
  statusId: string;
}
interface Status {
  id: string;
  name: string;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A client with the change feed only: `change(table)` announces a committed write. */
function fakeClient() {
  const listeners = new Set<(b: ChangeBatch) => void>();
  const client = {
    onChange(l: (b: ChangeBatch) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as VaultClient;
  const change = (table: string) => {
    for (const l of listeners)
      l({ vaultId: 'v', origin: 'tab', changes: [{ table, op: 'put', ids: ['t1'] }] });
  };
  return { client, change };
}

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  dispose = undefined;
});

describe('reconciledValueStorage', () => {
  it('a re-read of a record notifies only the fields whose stored value changed', () => {
    const titles: string[] = [];
    const priorities: number[] = [];
    const [task, setTask] = createRoot((d) => {
      dispose = d;
      const storage = reconciledValueStorage<Task>('id')(undefined);
      storage[1]({ id: 't1', title: 'Old', priority: 1, statusId: 's2' });
      // What a bound control does: `value={task.title}` writes the field each time it runs.
      createRenderEffect(() => titles.push(storage[0]()?.title ?? ''));
      createRenderEffect(() => priorities.push(storage[0]()?.priority ?? -1));
      return storage;
    });
    const before = task();
    setTask(() => ({ id: 't1', title: 'Old', priority: 3, statusId: 's2' }));
    expect(task()).toBe(before);
    expect(titles).toEqual(['Old']);
    expect(priorities).toEqual([1, 3]);
  });

  it('a re-read of a list keeps each record (and so each <For> row or <option>) by key, in the new order', () => {
    createRoot((d) => {
      dispose = d;
      const [list, setList] = reconciledValueStorage<{ statuses: Status[] }>('id')(undefined);
      setList({
        statuses: [
          { id: 'a', name: 'To do' },
          { id: 'b', name: 'Doing' },
        ],
      });
      let built = 0;
      const rows = mapArray(
        () => list()?.statuses ?? [],
        (s) => {
          built++;
          return s;
        },
      );
      const [a, b] = rows();
      setList({
        statuses: [
          { id: 'b', name: 'Doing' },
          { id: 'a', name: 'Planned' },
          { id: 'c', name: 'Done' },
        ],
      });
      const after = rows();
      expect(after[0]).toBe(b);
      expect(after[1]).toBe(a);
      expect(after[1]?.name).toBe('Planned');
      expect(built).toBe(3);
    });
  });
});

describe('live reads with a reconciled storage', () => {
  const first: Task = { id: 't1', title: 'Write', priority: 1, statusId: 's2' };
  const second: Task = { ...first, priority: 4 };
  const answers = (): Task[] => [{ ...first }, { ...second }];

  for (const [name, make] of [
    ['createLiveValue', createLiveValue],
    ['createLive', createLive],
  ] as const) {
    it(`${name}: a change-feed re-read leaves an unchanged field alone; with plain storage it writes it again`, async () => {
      const titleWrites = { on: 0, off: 0 };
      const priorities: number[] = [];
      const { client, change } = fakeClient();
      createRoot((d) => {
        dispose = d;
        for (const mode of ['on', 'off'] as const) {
          const queue = answers();
          const load = async (): Promise<OpResult<Task>> => ({
            ok: true,
            value: queue.shift() ?? { ...second },
          });
          const live = make(
            client,
            ['tasks'],
            () => 't1',
            load,
            mode === 'on' ? reconciledValueStorage<Task>('id') : undefined,
          );
          createRenderEffect(() => {
            if (live.data()?.title !== undefined) titleWrites[mode]++;
          });
          if (mode === 'on') createRenderEffect(() => priorities.push(live.data()?.priority ?? -1));
        }
      });
      await settle();
      expect(priorities.at(-1)).toBe(1);
      change('tasks');
      await settle();
      expect(priorities.at(-1)).toBe(4);
      expect(titleWrites).toEqual({ on: 1, off: 2 });
    });
  }
});
