import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createPropertyDefinitionStore } from '../../../src/worker/ops/properties/propertyDefinitionStore';
import { propertyOperations } from '../../../src/worker/ops/properties/propertyOperations';
import { createRegistry, type Registry } from '../../../src/worker/ops/registry';

let db: VaultDb;
let registry: Registry;
let n = 0;
const ui = { caller: { kind: 'ui' } } as const;
const write = (op: string, args: unknown[]) =>
  registry.write(op, args, { ...ui, approve: async () => 'once' });

beforeEach(async () => {
  db = openVaultDb(`props-${++n}`);
  await db.open();
  let t = 0;
  registry = createRegistry(
    propertyOperations(createPropertyDefinitionStore(db, new ChangeFeed('v', null), () => ++t)),
  );
});
afterEach(() => db.delete());

describe('typed property definitions through the operations', () => {
  it('creates, ensures and edits options of a status property; names compare case-insensitively', async () => {
    const created = await write('notes.createPropertyDefinition', ['Status', 'status']);
    expect(created.ok && (created.value as { options: unknown[] }).options).toEqual([
      { value: 'Not started', color: 'gray' },
      { value: 'In progress', color: 'blue' },
      { value: 'Done', color: 'green' },
    ]);
    expect((await write('notes.createPropertyDefinition', ['status', 'select'])).ok).toBe(false);
    expect((await write('notes.ensurePropertyDefinition', ['STATUS', 'status'])).ok).toBe(true);
    const clash = await write('notes.ensurePropertyDefinition', ['status', 'select']);
    expect(!clash.ok && clash.error.code).toBe('CONFLICT');

    expect((await write('notes.addStatusOption', ['status', 'Blocked', 'red'])).ok).toBe(true);
    expect((await write('notes.renamePropertyOption', ['status', 'blocked', 'Waiting'])).ok).toBe(true);
    expect((await write('notes.updateOptionColor', ['status', 'waiting', 'orange'])).ok).toBe(true);
    expect((await write('notes.removePropertyOption', ['status', 'Not started'])).ok).toBe(true);
    const dup = await write('notes.renamePropertyOption', ['status', 'Done', 'in progress']);
    expect(!dup.ok && dup.error.code).toBe('CONFLICT');
    const list = await registry.read('notes.getPropertyDefinitions', [], ui);
    expect(list.ok && list.value).toMatchObject([
      {
        name: 'Status',
        type: 'status',
        options: [
          { value: 'In progress', color: 'blue' },
          { value: 'Done', color: 'green' },
          { value: 'Waiting', color: 'orange' },
        ],
      },
    ]);
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const bad = await write('notes.createPropertyDefinition', ['Due', 'datetime']);
    expect(!bad.ok && bad.error).toMatchObject({ code: 'VALIDATION', field: 'args[1]' });
    await write('notes.createPropertyDefinition', ['Due', 'date']);
    const noOptions = await write('notes.addPropertyOption', ['Due', 'x']);
    expect(!noOptions.ok && noOptions.error.code).toBe('VALIDATION');
    const missing = await write('notes.removePropertyOption', ['Nope', 'x']);
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND');
    expect((await write('notes.ensurePropertyDefinition', ['Kind', 'text'])).ok).toBe(false);
    expect((await db.propertyDefinitions.toArray()).map((d) => [d.name, d.type, d.options])).toEqual([
      ['Due', 'date', []],
    ]);
    expect((await write('notes.deletePropertyDefinition', ['due'])).ok).toBe(true);
    expect(await db.propertyDefinitions.count()).toBe(0);
  });
});
