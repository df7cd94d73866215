import { describe, expect, it } from 'vitest';
import { createAgentSession } from '../../../src/worker/agent/agentSession';
import type { AuditStore } from '../../../src/worker/agent/auditLog';
import type { AgentAuditRow } from '../../../src/worker/db/agentTables';
import type { ApprovalDecision } from '../../../src/worker/ops/context';
import { defineOperation } from '../../../src/worker/ops/defineOperation';
import { createRegistry } from '../../../src/worker/ops/registry';
import { ok } from '../../../src/worker/ops/result';

const PATH = { type: 'string', minLength: 1 } as const;

function setup(answers: (() => Promise<ApprovalDecision>)[]) {
  const created: string[] = [];
  const registry = createRegistry([
    defineOperation({
      name: 'notes.createFolder',
      summary: 'Create a folder',
      kind: 'write',
      requiresApproval: true,
      params: [{ name: 'path', required: true, schema: PATH }] as const,
      handler: async ([path]) => {
        created.push(path);
        return ok({ path });
      },
    }),
  ]);
  const rows: AgentAuditRow[] = [];
  const audit: AuditStore = {
    add: async (row) => rows.push({ ...row, seq: rows.length + 1 }),
    newest: async (limit) => [...rows].reverse().slice(0, limit),
  };
  const session = createAgentSession({
    registry,
    version: '1.0.0',
    audit,
    now: () => 1000,
    tab: {
      approve: () => (answers.shift() ?? (async () => 'deny'))(),
      currentNoteId: async () => null,
    },
  });
  return { session, rows, created };
}

const caller = { kind: 'agent', surface: 'mcp', clientName: 'Claude' } as const;
const write = (path: string) => ({ operation: 'notes.createFolder', args: [path] });

describe('createAgentSession', () => {
  it('logs every answer of the dialog before the write runs, a denial changing nothing', async () => {
    const { session, rows, created } = setup([async () => 'once', async () => 'deny']);
    expect((await session.callTool('vault_desktop_write', write('A'), caller)).ok).toBe(true);
    const denied = await session.callTool('vault_desktop_write', write('B'), caller);
    expect(denied.ok ? null : denied.error.code).toBe('APPROVAL_DENIED');
    expect(created).toEqual(['A']);
    expect(rows.map((r) => [r.decision, r.caller, r.argumentsJson])).toEqual([
      [
        'once',
        'MCP client at /mcp (Claude)',
        JSON.stringify({ operation: 'notes.createFolder', args: ['A'] }),
      ],
      [
        'deny',
        'MCP client at /mcp (Claude)',
        JSON.stringify({ operation: 'notes.createFolder', args: ['B'] }),
      ],
    ]);
    expect((await session.auditLog(1)).map((r) => r.decision)).toEqual(['deny']);
  });

  it('counts a dialog that fails (the tab went away) as a logged denial', async () => {
    const { session, rows, created } = setup([async () => Promise.reject(new Error('port closed'))]);
    const out = await session.callTool('vault_desktop_write', write('C'), caller);
    expect(out.ok ? null : out.error.code).toBe('APPROVAL_DENIED');
    expect(created).toEqual([]);
    expect(rows.map((r) => r.decision)).toEqual(['deny']);
  });
});
