import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/worker/ops/defineOperation';
import { asNode } from '../../../src/worker/ops/schema';
import { searchOperations } from '../../../src/worker/ops/search';
import { ARGS_ROOT } from '../../../src/worker/ops/validator';
import { SearchIndex } from '../../../src/worker/search/searchIndex';
import { MemorySearchStore } from '../../../src/worker/search/searchStore';
import { badInputCases, validBase } from '../../../src/worker/tools/badInput/badInputCases';
import { type NotesVault, openNotesVault } from '../ops/fixtures/notesVault';
import { openPlanningVault, type PlanningVault } from './fixtures/planningVault';

/**
 * Every operation the vault registers today (notes, search, and the planning half's tasks,
 * journal, inbox, canvas), whoever defined it: its generated bad input is refused by its own
 * check, naming the field. A newly registered operation is covered without new cases.
 */
describe('every registered operation refuses its generated bad input', () => {
  let notes: NotesVault;
  let planning: PlanningVault;
  const operations: Operation[] = [];

  beforeAll(async () => {
    notes = await openNotesVault();
    planning = await openPlanningVault();
    const index = await SearchIndex.open({
      store: new MemorySearchStore(),
      texts: { getTexts: async () => new Map() },
      now: () => 1,
    });
    operations.push(...notes.registry.list(), ...searchOperations(index), ...planning.registry.list());
  });
  afterAll(async () => {
    await notes.close();
    await planning.close();
  });

  it('covers the operations of every area', () => {
    const namespaces = new Set(operations.map((op) => op.name.split('.')[0]));
    expect([...namespaces].sort()).toEqual(
      expect.arrayContaining(['canvas', 'inbox', 'journal', 'notes', 'search', 'tasks']),
    );
  });

  it('each operation: its valid base passes, each case is refused naming the field', () => {
    let cases = 0;
    const failures: string[] = [];
    for (const op of operations) {
      const base = validBase(asNode(op.argsSchema));
      const baseError = op.check(base);
      if (baseError !== null) failures.push(`${op.name}: valid base refused: ${baseError.message}`);
      for (const c of badInputCases(asNode(op.argsSchema), ARGS_ROOT)) {
        cases++;
        const error = op.check(c.value);
        if (error === null) failures.push(`${op.name} ${c.name}: accepted`);
        else if (error.code !== 'VALIDATION' || error.field !== c.field) {
          failures.push(`${op.name} ${c.name}: ${error.code} on ${error.field}, expected ${c.field}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(500);
    // Hundreds of operations, thousands of cases: a loaded shared machine needs more than 5 s.
  }, 60_000);
});
