import { describe, expect, it } from 'vitest';
import { tick } from '../../../src/worker/domain/clock/vectorClock';
import type { ChangeSet, Result, TaskContext } from '../../../src/worker/domain/tasks';
import * as tasks from '../../../src/worker/domain/tasks';
import { MemoryVault } from './memoryVault';

type Path = [
  name: string,
  run: (ctx: TaskContext, work: string, garden: string) => Promise<Result<ChangeSet>>,
];

const paths: Path[] = [
  ['archiveProject', (c, w) => tasks.setProjectArchived(c, w, true)],
  ['reorderProjects', (c, w, g) => tasks.reorderProjects(c, [g, w])],
  ['setProjectHomeNote', (c, w) => tasks.updateProject(c, w, { homeNoteId: 'n1' })],
  ['createStatus', (c, w) => tasks.createStatus(c, { projectId: w, name: 'Review' })],
  ['updateStatus (rename)', (c) => tasks.updateStatus(c, 'inbox-doing', { name: 'Busy' })],
  [
    'updateStatus (new default demotes the old)',
    (c) => tasks.updateStatus(c, 'inbox-doing', { isDefault: true }),
  ],
];

describe('project and status edits advance clocks under this device', () => {
  for (const [name, run] of paths) {
    it(name, async () => {
      const v = await MemoryVault.withInbox('devZ');
      const work = v.must(await tasks.createProject(v.ctx, { name: 'Work' })).projects[0]!.id;
      const garden = v.must(await tasks.createProject(v.ctx, { name: 'Garden' })).projects[0]!.id;
      const projects = new Map(v.projects);
      const statuses = new Map(v.statuses);
      const set = v.must(await run(v.ctx, work, garden));
      expect(set.projects.length + set.statuses.length).toBeGreaterThan(0);
      for (const p of set.projects) expect(p.clock).toEqual(tick(projects.get(p.id)!.clock, 'devZ'));
      for (const s of set.statuses) {
        const old = statuses.get(s.id);
        expect(s.clock).toEqual(old ? tick(old.clock, 'devZ') : { devZ: 1 });
      }
      if (name.startsWith('updateStatus (new default')) {
        // the old default is written too, demoted, with its own ticked clock
        expect(set.statuses.find((s) => s.id !== 'inbox-doing')?.isDefault).toBe(false);
      }
    });
  }
});
