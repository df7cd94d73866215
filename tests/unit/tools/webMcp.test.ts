import { describe, expect, it } from 'vitest';
import { startWebMcp } from '../../../src/ui/agent/webMcpSurface';
import { ok } from '../../../src/worker/ops/result';
import { jsonOutput } from '../../../src/worker/tools/defineTool';
import type { ToolDescriptor } from '../../../src/worker/tools/toolHost';
import { type ModelContextTool, registerWebMcpTools } from '../../../src/worker/tools/webMcp';
import { testHost } from './fixtures/testHost';

/** A stand-in for document.modelContext that keeps what is registered, honouring the abort signal. */
function fakeModelContext() {
  const tools = new Map<string, ModelContextTool>();
  return {
    tools,
    registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }) {
      if (tools.has(tool.name)) throw new Error(`duplicate ${tool.name}`);
      tools.set(tool.name, tool);
      options?.signal?.addEventListener('abort', () => tools.delete(tool.name));
    },
  };
}

describe('WebMCP registration', () => {
  it('registers every offered tool with its schema and annotations, executing through the host', async () => {
    const t = testHost();
    const context = fakeModelContext();
    const controller = new AbortController();
    const caller = { kind: 'agent' as const, surface: 'webmcp' as const };
    const { registered, skipped } = registerWebMcpTools(
      context,
      t.host.listTools(),
      (name, args) => t.host.callTool(name, args, caller),
      controller.signal,
    );
    expect(skipped).toEqual([]);
    expect(registered).toEqual(t.host.listTools().map((d) => d.name));
    const read = context.tools.get('vault_desktop_read')!;
    expect(read.annotations).toMatchObject({ readOnlyHint: true, untrustedContentHint: true });
    expect(await read.execute({ operation: 'notes.get', args: ['n1'] })).toMatchObject({
      structuredContent: { id: 'n1' },
    });
    expect(await read.execute({ operation: 'notes.get', args: [] })).toMatchObject({
      isError: true,
      structuredContent: { code: 'VALIDATION', field: 'args' },
    });
    t.answer.next = 'deny';
    expect(await context.tools.get('vault_rename_note')!.execute({ id: 'n1', title: 'x' })).toMatchObject({
      isError: true,
      structuredContent: { code: 'APPROVAL_DENIED' },
    });
    expect(t.asked[0]?.caller).toEqual(caller);
    controller.abort();
    expect(context.tools.size).toBe(0);
  });

  it('skips a schema outside the subset, and unregisters by name where there is no signal support', () => {
    const names: string[] = [];
    const context = {
      registerTool: (tool: ModelContextTool) => names.push(tool.name),
      unregisterTool: (n: string) => names.splice(names.indexOf(n), 1),
    };
    const good: ToolDescriptor = {
      name: 'vault_ok',
      title: 'ok',
      description: 'ok',
      inputSchema: { type: 'object', additionalProperties: false, properties: {} },
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
        untrustedContentHint: false,
      },
    };
    const bad: ToolDescriptor = {
      ...good,
      name: 'vault_bad',
      inputSchema: { type: 'object', properties: { at: { type: 'string', format: 'date' } } },
    };
    const controller = new AbortController();
    const result = registerWebMcpTools(
      context,
      [good, bad],
      async () => ok(jsonOutput(null)),
      controller.signal,
    );
    expect(result.registered).toEqual(['vault_ok']);
    expect(result.skipped[0]?.name).toBe('vault_bad');
    controller.abort();
    expect(names).toEqual([]);
  });
});

describe('startWebMcp: the tab’s registration follows its vault session', () => {
  /** a session whose tools/list answers only when the test says so */
  function slowSession() {
    const t = testHost();
    let answer: () => void = () => {};
    const listed = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const session = {
      listTools: async () => {
        await listed;
        return t.host.listTools();
      },
      callTool: async () => ({ ok: true as const, value: jsonOutput(null) }),
    };
    return { session, answer: () => answer(), count: t.host.listTools().length };
  }

  it('registers every tool, and unregisters them all when the session ends (vault switch)', async () => {
    const context = fakeModelContext();
    const { session, answer, count } = slowSession();
    const ended = new AbortController();
    const started = startWebMcp({ modelContext: context } as unknown as Document, session, ended.signal);
    answer();
    expect((await started)?.registered).toHaveLength(count);
    expect(context.tools.size).toBe(count);
    ended.abort();
    expect(context.tools.size).toBe(0);
  });

  it('registers nothing when the session ends while its tools are still being listed', async () => {
    const context = fakeModelContext();
    const { session, answer } = slowSession();
    const ended = new AbortController();
    const started = startWebMcp({ modelContext: context } as unknown as Document, session, ended.signal);
    ended.abort(); // the user switched vaults before tools/list answered
    answer();
    expect(await started).toBeNull();
    expect(context.tools.size).toBe(0);
  });
});
