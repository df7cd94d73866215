import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { describeRegistry } from '../../../src/worker/agent/describeRegistry';
import { registryTable, withRegistryTable } from '../../../src/worker/agent/registryTable';
import { buildToolsFile } from '../../../src/worker/agent/toolsFile';
import { openVaultDb } from '../../../src/worker/db/schema';
import { defineOperation } from '../../../src/worker/ops/defineOperation';
import { ok } from '../../../src/worker/ops/result';

const DOC = resolve(import.meta.dirname, '../../../docs/agent-tools.md');

describe('docs/agent-tools.md lists the registry as it is', () => {
  it('its generated table equals the one built from describeRegistry (run scripts/agentToolsDoc.mjs)', async () => {
    const db = openVaultDb('registry-doc-test', new IDBFactory(), IDBKeyRange);
    const registry = await describeRegistry(db);
    db.close();
    const tools = buildToolsFile(registry, 'doc').tools.map((t) => t.name);
    const doc = readFileSync(DOC, 'utf8');
    const expected = withRegistryTable(doc, registryTable(registry.list(), tools));
    expect(expected, 'the registry-table markers are missing').not.toBeNull();
    expect(doc, 'docs/agent-tools.md is stale: node scripts/agentToolsDoc.mjs').toBe(expected);
  });

  it('the table has one row per namespace, reads and writes apart, and changes with the registry', () => {
    const op = (name: string, kind: 'read' | 'write') =>
      kind === 'read'
        ? defineOperation({ name, summary: name, kind, params: [] as const, handler: async () => ok(null) })
        : defineOperation({
            name,
            summary: name,
            kind,
            requiresApproval: true,
            params: [] as const,
            handler: async () => ok(null),
          });
    const ops = [op('notes.get', 'read'), op('notes.create', 'write'), op('tags.list', 'read')];
    const table = registryTable(ops, ['vault_read_note']);
    expect(table).toContain('3 operations in 2 groups (2 reads');
    expect(table).toContain('| notes | 1 | get | 1 | create |');
    expect(table).toContain('| tags | 1 | list | 0 | — |');
    expect(table).toContain('`vault_read_note`');
    expect(registryTable([...ops, op('tags.rename', 'write')], [])).toContain(
      '| tags | 1 | list | 1 | rename |',
    );
  });
});
