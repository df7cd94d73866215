import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_CHANGES } from '../../../src/worker/domain/tasks/changeSet';
import { completeTask, uncompleteTask } from '../../../src/worker/domain/tasks/completeTask';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { mergeTask } from '../../../src/worker/domain/tasks/mergeRecords';
import { createProject } from '../../../src/worker/domain/tasks/projects/projectOps';
import { reconcileTaskStatus } from '../../../src/worker/domain/tasks/reconcileTask';
import type { TaskUpdatePatch } from '../../../src/worker/domain/tasks/schemas';
import { editTask } from '../../../src/worker/domain/tasks/taskEdit';
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

describe('three devices converge with project moves and post-merge status repair', () => {
  it('random edits incl. moves and completion, repaired after each merge, end identical and consistent', async () => {
    const patchWithMoves: fc.Arbitrary<TaskUpdatePatch | 'complete' | 'uncomplete'> = fc.oneof(
      patchArb,
      fc.record({ projectId: fc.constantFrom('inbox', 'p2') }),
      fc.record({ statusId: fc.constantFrom('inbox-done', 'p2-doing', 'p2-done') }),
      fc.constantFrom('complete' as const, 'uncomplete' as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.option(patchWithMoves, { nil: undefined })), {
          maxLength: 25,
        }),
        async (steps) => {
          const devices = await Promise.all(['A', 'B', 'C'].map((d) => MemoryVault.withInbox(d)));
          const first = devices[0]!;
          const p2 = first.must(await createProject(first.ctx, { name: 'P2' }));
          const p2Id = p2.projects[0]!.id;
          const t = first.must(await createTask(first.ctx, { title: 'start' })).tasks[0]!;
          for (const d of devices) {
            d.apply(p2);
            d.tasks.set(t.id, t);
          }
          const resolve = (p: TaskUpdatePatch): TaskUpdatePatch =>
            JSON.parse(JSON.stringify(p).replaceAll('"p2', `"${p2Id}`));
          let server: TaskRecord = t;
          const sync = (d: MemoryVault) => {
            const merged = mergeTask(d.task(t.id), server).merged;
            const repair = reconcileTaskStatus(merged, [...d.statuses.values()]);
            const repaired = editTask(merged, repair, d.deps);
            d.tasks.set(t.id, repaired);
            server = mergeTask(server, repaired).merged;
          };
          for (const [who, step] of steps) {
            const d = devices[who]!;
            if (step === undefined) sync(d);
            else if (step === 'complete' || step === 'uncomplete') {
              const r = await (step === 'complete' ? completeTask : uncompleteTask)(d.ctx, t.id);
              if (r.ok) d.apply({ ...EMPTY_CHANGES, tasks: r.value.tasks.filter((x) => x.id === t.id) });
            } else {
              const r = await updateTask(d.ctx, t.id, resolve(step));
              if (r.ok) d.apply({ ...r.value, tasks: r.value.tasks.filter((x) => x.id === t.id) });
            }
          }
          for (let round = 0; round < 3; round++) for (const d of devices) sync(d);
          const values = devices.map((d) => {
            const { syncedAt: _s, ...rest } = d.task(t.id);
            return rest;
          });
          expect(values[1]).toEqual(values[0]);
          expect(values[2]).toEqual(values[0]);
          const final = devices[0]!.task(t.id);
          expect(reconcileTaskStatus(final, [...devices[0]!.statuses.values()])).toEqual({});
        },
      ),
      { numRuns: 150 },
    );
  });
});
