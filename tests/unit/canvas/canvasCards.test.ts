import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { value } from '../planning/harness';
import { openTagVault } from '../tags/tagVault';

interface Found {
  entities: { entity_type: string; entity_id: string; title: string | null }[];
}

describe('canvas cards', () => {
  let v: Awaited<ReturnType<typeof openTagVault>>;
  beforeEach(async () => {
    v = await openTagVault();
  });
  afterEach(() => v.close());

  it('finds notes, open tasks and projects by title, and gives cards their current titles', async () => {
    const note = await v.note('Garden plan', '');
    const task = value<{ task: TaskRecord }>(
      await v.write('tasks.create', { title: 'Order garden soil' }),
    ).task;
    const done = value<{ task: TaskRecord }>(
      await v.write('tasks.create', { title: 'Old garden chore' }),
    ).task;
    value(await v.write('tasks.complete', done.id));
    value(await v.write('tasks.createProject', { name: 'Garden' }));
    const found = value<Found>(await v.read('canvas.findEntities', 'GARDEN'));
    expect(found.entities.map((e) => [e.entity_type, e.title])).toEqual([
      ['note', 'Garden plan'],
      ['task', 'Order garden soil'],
      ['project', 'Garden'],
    ]);

    const cards = [
      { entity_type: 'note', entity_id: note },
      { entity_type: 'task', entity_id: task.id },
      { entity_type: 'note', entity_id: 'gone' },
    ];
    value(await v.write('tasks.update', task.id, { title: 'Order compost' }));
    const titles = value<Found>(await v.read('canvas.getCardEntities', cards));
    expect(titles.entities.map((e) => e.title)).toEqual(['Garden plan', 'Order compost', null]);
  });
});
