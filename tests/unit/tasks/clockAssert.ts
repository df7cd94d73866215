import { expect } from 'vitest';
import { tick } from '../../../src/worker/domain/clock/vectorClock';
import { TASK_SYNC_FIELDS } from '../../../src/worker/domain/tasks/syncFields';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';

/** After a local edit: record clock ticked once; changed fields ticked once; the rest untouched. */
export function expectClockedEdit(before: TaskRecord, after: TaskRecord, device: string) {
  expect(after.clock).toEqual(tick(before.clock, device));
  for (const field of TASK_SYNC_FIELDS) {
    const changed = JSON.stringify(before[field]) !== JSON.stringify(after[field]);
    expect(after.fieldClocks[field], field).toEqual(
      changed ? tick(before.fieldClocks[field] ?? {}, device) : before.fieldClocks[field],
    );
  }
}
