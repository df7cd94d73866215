import { describe, expect, it } from 'vitest';
import { defineOperation } from '../../../src/worker/ops/defineOperation';
import { createRegistry } from '../../../src/worker/ops/registry';
import { ok } from '../../../src/worker/ops/result';
import { ALL_TOOLS } from '../../../src/worker/tools/allTools';
import { createToolHost } from '../../../src/worker/tools/toolHost';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };

/** A test stand-in for the tags operation the notes side registers (same name and reply shape). */
const tagsOp = defineOperation({
  name: 'tags.getAllWithCounts',
  summary: 'Every note tag as a tag resource',
  kind: 'read',
  params: [] as const,
  handler: () =>
    ok([
      {
        name: 'work',
        count: 3,
        color: null,
        icon: null,
        category_id: null,
        category_name: null,
        sort_order: 0,
        extra: 1,
      },
    ]),
});

describe('vault_get_tags', () => {
  it('is offered only with tags.getAllWithCounts, and answers spec 2.7 tags', async () => {
    const without = createToolHost({
      registry: createRegistry([]),
      tools: ALL_TOOLS,
      approve: async () => 'deny',
    });
    expect(without.listTools().map((t) => t.name)).not.toContain('vault_get_tags');
    const host = createToolHost({
      registry: createRegistry([tagsOp]),
      tools: ALL_TOOLS,
      approve: async () => 'deny',
    });
    expect(host.listTools().map((t) => t.name)).toContain('vault_get_tags');
    expect(await host.callTool('vault_get_tags', {}, agent)).toEqual({
      ok: true,
      value: {
        json: [
          {
            name: 'work',
            count: 3,
            color: null,
            icon: null,
            category_id: null,
            category_name: null,
            sort_order: 0,
          },
        ],
      },
    });
  });
});
