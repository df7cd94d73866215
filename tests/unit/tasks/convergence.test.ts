import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { mergeTask } from '../../../src/worker/domain/tasks/mergeRecords';
import type { TaskUpdatePatch } from '../../../src/worker/domain/tasks/schemas';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { updateTask } from '../../../src/worker/domain/tasks/updateTask';
import { MemoryVault } from './memoryVault';

const patchArb: fc.Arbitrary<TaskUpdatePatch> = fc.oneof(
  fc.record({ title: fc.constantFrom('a', 'b', 'c', 'd') }),
  fc.record({ priority: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ tags: fc.subarray(['x', 'y', 'z']) }),
  fc.record({ dueDate: fc.constantFrom(null, '2026-12-01', '2026-12-24') }),
  fc.record({ description: fc.constantFrom(null, 'one', 'two') }),
  fc.record({ statusId: fc.constantFrom('inbox-todo', 'inbox-doing') }),
);

/**
 * Three devices edit one task with random patches and sync through a server in a random order
 * (each sync: the device merges the server copy in, then the server takes the merged record as
 * its incoming write). After everyone has synced twice with no more edits, all hold the same
 * record (clocks included). fast-check prints the seed and the shrunk steps on a failure.
 */
describe('three devices converge through the server', () => {
  it('random edits and sync orders end in identical records', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.option(patchArb, { nil: undefined })), {
          maxLength: 25,
        }),
        async (steps) => {
          const devices = await Promise.all(['A', 'B', 'C'].map((d) => MemoryVault.withInbox(d)));
          const first = devices[0]!;
          const t = first.must(await createTask(first.ctx, { title: 'start' })).tasks[0]!;
          for (const d of devices) d.tasks.set(t.id, t);
          let server: TaskRecord = t;
          const sync = (d: MemoryVault) => {
            const local = d.task(t.id);
            const merged = mergeTask(local, server).merged;
            d.tasks.set(t.id, merged);
            server = mergeTask(server, merged).merged;
          };
          for (const [who, patch] of steps) {
            const d = devices[who]!;
            if (patch === undefined) sync(d);
            else await updateTask(d.ctx, t.id, patch).then((r) => r.ok && d.apply(r.value));
          }
          for (let round = 0; round < 2; round++) for (const d of devices) sync(d);
          const values = devices.map((d) => {
            const { syncedAt: _s, ...rest } = d.task(t.id);
            return rest;
          });
          expect(values[1]).toEqual(values[0]);
          expect(values[2]).toEqual(values[0]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
