import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../src/worker/ops/registry';
import { createValidator } from '../../../src/worker/ops/validator';
import { buildToolsDocument } from '../../../src/worker/tools/toolsDocument';
import { seedVault, testOperations } from '../ops/fixtures/testOperations';
import { testHost } from './fixtures/testHost';

describe('buildToolsDocument', () => {
  const { host } = testHost();
  const registry = createRegistry(testOperations(seedVault()));
  const doc = buildToolsDocument({
    version: '0.1.0',
    endpoint: 'https://cairn.test/mcp',
    tools: host.listTools(),
    operations: registry.list(),
  });

  it('carries the version, the endpoint and one entry per tool and operation', () => {
    expect(doc).toMatchObject({ name: 'cairn', version: '0.1.0', endpoint: 'https://cairn.test/mcp' });
    expect(Object.keys(doc.entries).sort()).toEqual([
      'notes.ensurePropertyDefinition',
      'notes.explode',
      'notes.get',
      'notes.list',
      'notes.setLocalOnly',
      'vault_desktop_describe',
      'vault_desktop_read',
      'vault_desktop_write',
      'vault_rename_note',
    ]);
  });

  it('makes each vault_* entry its arguments schema and each operation entry its args schema', () => {
    expect(doc.entries.vault_rename_note).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'title'],
      title: 'Rename a note',
    });
    expect(doc.entries['notes.ensurePropertyDefinition']).toMatchObject({
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: false,
      title: 'notes.ensurePropertyDefinition(name, type)',
      description: expect.stringContaining('Requires approval'),
    });
  });

  it('entries still validate exactly like the schemas they copy', () => {
    const entry = doc.entries['notes.list']!;
    const validate = createValidator(entry, { label: 'args', prefixed: true });
    expect(validate([{ limit: 3 }])).toBeNull();
    expect(validate([{ limit: 0 }])).toMatchObject({ field: 'args[0].limit' });
  });

  it('carries what tools/list needs beside the schemas', () => {
    expect(doc.tools.map((t) => t.name)).toEqual(host.listTools().map((t) => t.name));
    expect(doc.tools.find((t) => t.name === 'vault_rename_note')).toMatchObject({
      title: 'Rename a note',
      annotations: { readOnlyHint: false },
    });
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
