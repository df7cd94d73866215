import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentEndpoint } from '../../../src/worker/tools/agentEndpoint';
import { type NotesVault, openNotesVault } from '../ops/fixtures/notesVault';

const caller = { kind: 'agent' as const, surface: 'page' as const };

describe('agent endpoint over a real notes registry', () => {
  let v: NotesVault;
  beforeEach(async () => {
    v = await openNotesVault();
  });
  afterEach(() => v.close());

  it('serves MCP, direct calls and the tools document from one host', async () => {
    const decisions: string[] = [];
    const endpoint = createAgentEndpoint({
      registry: v.registry,
      version: '1.2.3',
      approve: async (r) => {
        decisions.push(r.tool);
        return 'tab';
      },
    });
    const listed = await endpoint.handleJsonRpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, caller);
    expect(listed).toMatchObject({ result: { tools: expect.any(Array) } });
    const { tools } = (listed as unknown as { result: { tools: { name: string }[] } }).result;
    const names = tools.map((t) => t.name);
    expect(names).toEqual(endpoint.listTools().map((t) => t.name));
    expect(names).toContain('vault_create_note');

    await endpoint.callTool('vault_create_folder', { path: 'A' }, caller);
    // "Allow for this tab" granted through one surface holds for the others: one host.
    const again = await endpoint.handleJsonRpc(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'vault_create_folder', arguments: { path: 'B' } },
      },
      caller,
    );
    expect(again).toMatchObject({ result: { structuredContent: { path: 'B' } } });
    expect(decisions).toEqual(['vault_create_folder']);

    const doc = endpoint.toolsDocument('https://cairn.test/mcp');
    expect(doc).toMatchObject({ version: '1.2.3', endpoint: 'https://cairn.test/mcp' });
    expect(Object.keys(doc.entries)).toEqual(expect.arrayContaining(['vault_create_note', 'notes.create']));
  });
});
