import { beforeEach, describe, expect, it } from 'vitest';
import { createRegistry, type Registry } from '../../../src/worker/ops/registry';
import type { ApprovalPort, ApprovalRequest } from '../../../src/worker/tools/approvalGate';
import type { Tool } from '../../../src/worker/tools/defineTool';
import { GENERIC_TOOLS } from '../../../src/worker/tools/generic';
import { createToolHost } from '../../../src/worker/tools/toolHost';
import { seedVault, type TestVault, testOperations } from '../ops/fixtures/testOperations';
import { renameTool } from './fixtures/testHost';

const agent = { kind: 'agent' as const, surface: 'mcp' as const, clientName: 'test-agent' };

describe('tool host', () => {
  let vault: TestVault;
  let registry: Registry;
  let asked: ApprovalRequest[];
  let answer: 'once' | 'tab' | 'deny';
  const port: ApprovalPort = async (request) => {
    asked.push(request);
    return answer;
  };
  const host = (tools: readonly Tool[]) => createToolHost({ registry, tools, approve: port });

  beforeEach(() => {
    vault = seedVault();
    registry = createRegistry(testOperations(vault));
    asked = [];
    answer = 'once';
  });

  it('lists only tools whose operations are registered', () => {
    const withOps = host([...GENERIC_TOOLS, renameTool(vault)])
      .listTools()
      .map((t) => t.name);
    expect(withOps).toEqual([
      'vault_desktop_describe',
      'vault_desktop_read',
      'vault_desktop_write',
      'vault_rename_note',
    ]);
    registry = createRegistry([]);
    const bare = host([...GENERIC_TOOLS, renameTool(vault)]).listTools();
    expect(bare.map((t) => t.name)).toEqual(['vault_desktop_describe']);
    expect(bare[0]).toMatchObject({
      title: 'Describe desktop operations',
      annotations: { readOnlyHint: true },
    });
  });

  it('refuses an unlisted tool', async () => {
    registry = createRegistry([]);
    const r = await host([renameTool(vault)]).callTool('vault_rename_note', { id: 'n0', title: 'x' }, agent);
    expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TOOL' } });
  });

  it('validates before asking and never asks about a refused call', async () => {
    const r = await host([renameTool(vault)]).callTool('vault_rename_note', { id: 'n0', title: '' }, agent);
    expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'title' } });
    expect(asked).toEqual([]);
  });

  it('asks approval with caller, tool, summary and arguments, then runs', async () => {
    const r = await host([renameTool(vault)]).callTool(
      'vault_rename_note',
      { id: 'n0', title: 'New' },
      agent,
    );
    expect(r).toEqual({ ok: true, value: { json: { id: 'n0', title: 'New' } } });
    expect(asked).toEqual([
      {
        caller: agent,
        tool: 'vault_rename_note',
        summary: 'Rename note n0 to "New"',
        arguments: { id: 'n0', title: 'New' },
        destructive: false,
      },
    ]);
  });

  it('on denial returns APPROVAL_DENIED and changes nothing', async () => {
    answer = 'deny';
    const r = await host([renameTool(vault)]).callTool(
      'vault_rename_note',
      { id: 'n0', title: 'New' },
      agent,
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL_DENIED' } });
    expect(vault.notes[0]?.title).toBe('Note 0');
  });

  it('remembers "allow for this tab" per tool, not for destructive operations', async () => {
    const h = host([renameTool(vault), ...GENERIC_TOOLS]);
    answer = 'tab';
    await h.callTool('vault_rename_note', { id: 'n0', title: 'A' }, agent);
    answer = 'deny';
    expect(await h.callTool('vault_rename_note', { id: 'n0', title: 'B' }, agent)).toMatchObject({
      ok: true,
    });
    expect(asked).toHaveLength(1);
    expect(vault.notes[0]?.title).toBe('B');
  });

  it('vault_desktop_describe returns spec 4.3 shapes', async () => {
    const h = host(GENERIC_TOOLS);
    const one = await h.callTool('vault_desktop_describe', { operation: 'notes.list' }, agent);
    expect(one).toMatchObject({
      ok: true,
      value: { json: { operation: 'notes.list', tool: 'vault_desktop_read' } },
    });
    const all = await h.callTool('vault_desktop_describe', {}, agent);
    expect(all.ok && Array.isArray(all.value.json) && all.value.json.length).toBe(5);
  });

  it('vault_desktop_read runs reads only, naming args fields on refusal', async () => {
    const h = host(GENERIC_TOOLS);
    expect(await h.callTool('vault_desktop_read', { operation: 'notes.list' }, agent)).toMatchObject({
      ok: true,
      value: { json: { total: 3 } },
    });
    expect(
      await h.callTool('vault_desktop_read', { operation: 'notes.list', args: [{ limit: 'x' }] }, agent),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[0].limit', expected: 'integer' },
    });
    expect(
      await h.callTool(
        'vault_desktop_read',
        { operation: 'notes.ensurePropertyDefinition', args: ['a', 'status'] },
        agent,
      ),
    ).toMatchObject({ ok: false, error: { code: 'WRONG_TOOL' } });
    expect(vault.propertyDefinitions).toEqual([]);
  });

  it('vault_desktop_read omits filed file content and truncates replies over 100 KB', async () => {
    vault.notes.push({ id: 'f1', title: 'scan', folder: 'Daily', fileType: 'pdf', content: 'raw' });
    const h = host(GENERIC_TOOLS);
    const file = await h.callTool('vault_desktop_read', { operation: 'notes.get', args: ['f1'] }, agent);
    expect(file.ok && file.value.json).toMatchObject({ id: 'f1', contentOmitted: true });
    expect(file.ok && file.value.json).not.toHaveProperty('content');
    vault.notes.push(...seedVault(400).notes.map((n) => ({ ...n, content: 'x'.repeat(400) })));
    const big = await h.callTool(
      'vault_desktop_read',
      { operation: 'notes.list', args: [{ limit: 500 }] },
      agent,
    );
    expect(big.ok && big.value.json).toMatchObject({
      truncated: true,
      partial: { total: 404, hasMore: false },
    });
  });

  it('vault_desktop_write asks approval per operation and reports it', async () => {
    const h = host(GENERIC_TOOLS);
    const args = { operation: 'notes.ensurePropertyDefinition', args: ['Status', 'status'] };
    expect(await h.callTool('vault_desktop_write', args, agent)).toMatchObject({
      ok: true,
      value: { json: { created: true } },
    });
    expect(asked[0]).toMatchObject({
      tool: 'vault_desktop_write',
      arguments: { operation: 'notes.ensurePropertyDefinition', args: ['Status', 'status'] },
    });
    answer = 'deny';
    vault.propertyDefinitions = [];
    expect(await h.callTool('vault_desktop_write', args, agent)).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_DENIED' },
    });
    expect(vault.propertyDefinitions).toEqual([]);
  });
});

describe('approval port failures', () => {
  it('a port that throws counts as a denial and runs nothing', async () => {
    const vault = seedVault();
    const registry = createRegistry(testOperations(vault));
    const host = createToolHost({
      registry,
      tools: [renameTool(vault)],
      approve: async () => {
        throw new Error('no window to ask in');
      },
    });
    const r = await host.callTool('vault_rename_note', { id: 'n0', title: 'New' }, agent);
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL_DENIED' } });
    expect(vault.notes[0]?.title).toBe('Note 0');
  });
});
