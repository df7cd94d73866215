import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asNode } from '../../../src/worker/ops/schema';
import { ARGS_ROOT } from '../../../src/worker/ops/validator';
import { badInputCases, validBase } from '../../../src/worker/tools/badInput/badInputCases';
import { openRecordsVault, type RecordsVault } from './recordsVault';

const GROUPS = ['calendar', 'reminders', 'bookmarks', 'templates', 'savedFilters', 'homePages'];

/** Every records operation refuses its generated bad input by its own schema, naming the field. */
describe('records operations refuse generated bad input', () => {
  let v: RecordsVault;
  beforeAll(async () => {
    v = await openRecordsVault();
  });
  afterAll(() => v.close());

  it('each operation: its valid base passes, each case is refused naming the field', () => {
    const ops = v.registry
      .list()
      .filter((op) => GROUPS.includes(op.name.split('.')[0] ?? '') || op.name === 'notes.applyTemplate');
    expect(ops.length).toBeGreaterThan(45);
    const failures: string[] = [];
    for (const op of ops) {
      const baseError = op.check(validBase(asNode(op.argsSchema)));
      if (baseError !== null) failures.push(`${op.name}: valid base refused: ${baseError.message}`);
      for (const c of badInputCases(asNode(op.argsSchema), ARGS_ROOT)) {
        const error = op.check(c.value);
        if (error === null) failures.push(`${op.name} ${c.name}: accepted`);
        else if (error.code !== 'VALIDATION' || error.field !== c.field)
          failures.push(`${op.name} ${c.name}: ${error.code} on ${error.field}, expected ${c.field}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
