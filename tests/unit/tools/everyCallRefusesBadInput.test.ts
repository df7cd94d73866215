import type Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/worker/ops/defineOperation';
import { asNode } from '../../../src/worker/ops/schema';
import { ARGS_ROOT, ARGUMENTS_ROOT } from '../../../src/worker/ops/validator';
import {
  type BadInputCase,
  badInputCases,
  validBase,
} from '../../../src/worker/tools/badInput/badInputCases';
import { fingerprint } from './fixtures/fingerprint';
import { AGENT, type FullVault, openFullVault } from './fixtures/fullVault';
import { looseNodes } from './fixtures/looseNodes';
import { seedFullVault } from './fixtures/seedFullVault';

/**
 * Issue 6, "Bad input", over the REAL registry a tab's vault worker builds (openVault →
 * vaultOperations.ts) and every vault_* tool it offers: the cases are generated from each
 * operation's args_schema and each tool's arguments schema, so an operation or tool added later is
 * covered by this file without anyone writing its cases. Each case goes through the tool host, as
 * an agent's call does; each must be a VALIDATION refusal naming the field, no approval may be
 * asked, and the vault (both databases, every table) must be as it was.
 */
describe('every operation and every tool of an opened vault refuses its generated bad input', () => {
  let full: FullVault;
  let databases: Dexie[];

  beforeAll(async () => {
    full = await openFullVault();
    await seedFullVault(full);
    databases = [full.vault.services.db, full.meta];
  }, 60_000);
  afterAll(async () => {
    await full.close();
  });

  it('every schema is tight enough for every kind of case to be generated', () => {
    const loose = [
      ...full.vault.registry.list().flatMap((op) => looseNodes(asNode(op.argsSchema), op.name)),
      ...full.agent.listTools().flatMap((t) => looseNodes(asNode(t.inputSchema), t.name)),
    ];
    // settings.set's value has the schema of the key named in args[0]: the settings store checks
    // it (and names args[1]); tests/unit/settings cover those refusals key by key.
    expect(loose).toEqual(['settings.set[1]: accepts anything']);
  });

  /** Runs `cases` through `call`; returns the failures, and any change the calls made to the vault. */
  async function refuseAll(
    label: string,
    cases: readonly BadInputCase[],
    call: (value: unknown) => Promise<{ ok: boolean; error?: { code: string; field?: string } }>,
    before: Record<string, string>,
  ): Promise<{ failures: string[]; after: Record<string, string> }> {
    const failures: string[] = [];
    for (const c of cases) {
      const r = await call(c.value);
      if (r.ok) failures.push(`${label} ${c.name}: accepted`);
      else if (r.error?.code !== 'VALIDATION' || r.error.field !== c.field)
        failures.push(`${label} ${c.name}: ${r.error?.code} on ${r.error?.field}, expected ${c.field}`);
    }
    const after = await fingerprint(databases);
    for (const [table, print] of Object.entries(after)) {
      if (before[table] !== print) failures.push(`${label}: ${table} changed (${before[table]} → ${print})`);
    }
    return { failures, after };
  }

  it('every registered operation, through vault_desktop_read / vault_desktop_write', async () => {
    const operations: readonly Operation[] = full.vault.registry.list();
    // The whole registry, every group vaultOperations.ts composes (not a hand-picked list).
    const groups = new Set(operations.map((op) => op.name.split('.')[0]));
    expect([...groups]).toEqual(
      expect.arrayContaining(['notes', 'graph', 'properties', 'folderView', 'search', 'tags', 'vault']),
    );
    const failures: string[] = [];
    let before = await fingerprint(databases);
    let cases = 0;
    for (const op of operations) {
      const schema = asNode(op.argsSchema);
      const baseError = op.check(validBase(schema));
      if (baseError !== null) failures.push(`${op.name}: valid base refused: ${baseError.message}`);
      const opCases = badInputCases(schema, ARGS_ROOT);
      cases += opCases.length;
      const tool = op.kind === 'read' ? 'vault_desktop_read' : 'vault_desktop_write';
      const result = await refuseAll(
        op.name,
        opCases,
        (args) => full.agent.callTool(tool, { operation: op.name, args }, AGENT),
        before,
      );
      failures.push(...result.failures);
      before = result.after;
    }
    expect(failures).toEqual([]);
    expect(full.asked).toEqual([]);
    expect(operations.length).toBeGreaterThan(200);
    expect(cases).toBeGreaterThan(2000);
  }, 120_000);

  it('every vault_* tool the vault offers, through the tool host', async () => {
    const tools = full.agent.listTools();
    // Every tool is offered on a real vault: a tool missing here would silently escape the cases.
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['vault_view_file', 'vault_get_current_note', 'vault_draw_on_canvas']),
    );
    const failures: string[] = [];
    let before = await fingerprint(databases);
    for (const tool of tools) {
      const schema = asNode(tool.inputSchema);
      const result = await refuseAll(
        tool.name,
        badInputCases(schema, ARGUMENTS_ROOT),
        (args) => full.agent.callTool(tool.name, args, AGENT),
        before,
      );
      failures.push(...result.failures);
      before = result.after;
    }
    expect(failures).toEqual([]);
    expect(full.asked).toEqual([]);
  }, 60_000);
});
