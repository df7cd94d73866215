import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalDecision, OperationApprovalRequest } from '../../../src/worker/ops/context';
import { createRegistry, type Registry } from '../../../src/worker/ops/registry';
import { seedVault, type TestVault, testOperations } from './fixtures/testOperations';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };

describe('registry', () => {
  let vault: TestVault;
  let registry: Registry;
  let asked: OperationApprovalRequest[];
  const approver = (decision: ApprovalDecision) => async (request: OperationApprovalRequest) => {
    asked.push(request);
    return decision;
  };

  beforeEach(() => {
    vault = seedVault();
    registry = createRegistry(testOperations(vault));
    asked = [];
  });

  it('describes one operation exactly as spec 4.3', () => {
    const d = registry.describe('notes.ensurePropertyDefinition');
    expect(d).toEqual({
      ok: true,
      value: {
        operation: 'notes.ensurePropertyDefinition',
        summary: 'Create a property definition unless one of that name exists',
        tool: 'vault_desktop_write',
        call: 'notes.ensurePropertyDefinition(name, type)',
        requires_approval: true,
        params: [
          { name: 'name', required: true },
          { name: 'type', required: true },
        ],
        args_schema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'array',
          prefixItems: [{ type: 'string', minLength: 1 }, { enum: ['status', 'select', 'multiselect'] }],
          minItems: 2,
          maxItems: 2,
          items: false,
        },
      },
    });
  });

  it('lists every operation with its tool and call, sorted by name', () => {
    const list = registry.describe();
    expect(list.ok && list.value.map((e) => e.operation)).toEqual([
      'notes.ensurePropertyDefinition',
      'notes.explode',
      'notes.get',
      'notes.list',
      'notes.setLocalOnly',
    ]);
    expect(list.ok && list.value[3]).toEqual({
      operation: 'notes.list',
      tool: 'vault_desktop_read',
      call: 'notes.list(options?)',
      requires_approval: false,
    });
  });

  it('refuses an unknown operation with near candidates', async () => {
    const r = await registry.read('notes.lst', [], { caller: agent });
    expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION', field: 'operation' } });
    expect(!r.ok && r.error.candidates?.[0]).toBe('notes.list');
    expect(registry.describe('nope.nope')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
  });

  it('runs reads and refuses bad args naming the field', async () => {
    expect(await registry.read('notes.list', [{ folder: 'Daily' }], { caller: agent })).toMatchObject({
      ok: true,
      value: { total: 1, hasMore: false },
    });
    expect(await registry.read('notes.list', [{ limit: 0 }], { caller: agent })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[0].limit', expected: 'integer >= 1' },
    });
  });

  it('keeps reads and writes apart', async () => {
    const viaRead = await registry.read('notes.ensurePropertyDefinition', ['Status', 'status'], {
      caller: agent,
    });
    expect(viaRead).toMatchObject({ ok: false, error: { code: 'WRONG_TOOL', tool: 'vault_desktop_write' } });
    const viaWrite = await registry.write('notes.list', [], { caller: agent, approve: approver('once') });
    expect(viaWrite).toMatchObject({ ok: false, error: { code: 'WRONG_TOOL', tool: 'vault_desktop_read' } });
    expect(vault.propertyDefinitions).toEqual([]);
  });

  it('asks approval for a write that requires it, and runs it when allowed', async () => {
    const r = await registry.write('notes.ensurePropertyDefinition', ['Status', 'status'], {
      caller: agent,
      approve: approver('once'),
    });
    expect(r).toEqual({ ok: true, value: { name: 'Status', type: 'status', created: true } });
    expect(asked).toEqual([
      {
        operation: 'notes.ensurePropertyDefinition',
        summary: 'Create a property definition unless one of that name exists',
        call: 'notes.ensurePropertyDefinition(name, type)',
        args: ['Status', 'status'],
        destructive: false,
      },
    ]);
  });

  it('changes nothing on denial', async () => {
    const r = await registry.write('notes.ensurePropertyDefinition', ['Status', 'status'], {
      caller: agent,
      approve: approver('deny'),
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL_DENIED' } });
    expect(vault.propertyDefinitions).toEqual([]);
  });

  it('never asks the user about a call its schema refuses', async () => {
    const r = await registry.write('notes.ensurePropertyDefinition', ['Status', 'colour'], {
      caller: agent,
      approve: approver('once'),
    });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[1]', allowed: ['status', 'select', 'multiselect'] },
    });
    expect(asked).toEqual([]);
  });

  it('does not ask for writes that need no approval', async () => {
    const r = await registry.write('notes.setLocalOnly', ['n1', true], {
      caller: agent,
      approve: approver('deny'),
    });
    expect(r).toEqual({ ok: true, value: { id: 'n1', localOnly: true } });
    expect(asked).toEqual([]);
  });

  it('refuses two operations of one name', () => {
    const ops = testOperations(vault);
    expect(() => createRegistry([...ops, ops[0]!])).toThrow(/defined twice/);
  });
});
