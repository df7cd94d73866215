import { describe, expect, it } from 'vitest';
import { defineOperation } from '../../../src/worker/ops/defineOperation';
import { ok } from '../../../src/worker/ops/result';

const ui = { caller: { kind: 'ui' as const } };

describe('defineOperation', () => {
  const op = defineOperation({
    name: 'tasks.list',
    summary: 'List tasks',
    kind: 'read',
    params: [
      { name: 'projectId', required: true, schema: { type: 'string', minLength: 1 } },
      {
        name: 'options',
        required: false,
        schema: { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer' } } },
      },
    ] as const,
    handler: ([projectId, options]) => ok({ projectId, limit: options?.limit ?? null }),
  });

  it('derives the call text, params and args schema from one params list', () => {
    expect(op.call).toBe('tasks.list(projectId, options?)');
    expect(op.params).toEqual([
      { name: 'projectId', required: true },
      { name: 'options', required: false },
    ]);
    expect(op.argsSchema).toMatchObject({ type: 'array', minItems: 1, maxItems: 2, items: false });
    expect(op.argsSchema.prefixItems).toHaveLength(2);
    expect(op.requiresApproval).toBe(false);
  });

  it('runs the handler with validated args, optional trailing args left out', async () => {
    expect(await op.run(['inbox'], ui)).toEqual({ ok: true, value: { projectId: 'inbox', limit: null } });
    expect(await op.run(['inbox', { limit: 3 }], ui)).toEqual({
      ok: true,
      value: { projectId: 'inbox', limit: 3 },
    });
  });

  it('refuses args that miss the schema and does not run the handler', async () => {
    let ran = false;
    const guarded = defineOperation({
      name: 'tasks.touch',
      summary: 'x',
      kind: 'write',
      requiresApproval: false,
      params: [{ name: 'id', required: true, schema: { type: 'string' } }] as const,
      handler: () => {
        ran = true;
        return ok(null);
      },
    });
    const result = await guarded.run([5], ui);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[0]', expected: 'string' },
    });
    expect(ran).toBe(false);
  });

  it('refuses a required param after an optional one at definition time', () => {
    expect(() =>
      defineOperation({
        name: 'tasks.bad',
        summary: 'x',
        kind: 'read',
        params: [
          { name: 'a', required: false, schema: { type: 'string' } },
          { name: 'b', required: true, schema: { type: 'string' } },
        ] as const,
        handler: () => ok(null),
      }),
    ).toThrow(/required param b/);
  });

  it('refuses a name that is not namespace.verb', () => {
    expect(() =>
      defineOperation({
        name: 'list',
        summary: 'x',
        kind: 'read',
        params: [] as const,
        handler: () => ok(null),
      }),
    ).toThrow(/namespace\.verb/);
  });

  it('turns a handler throw into an INTERNAL error value', async () => {
    const broken = defineOperation({
      name: 'tasks.broken',
      summary: 'x',
      kind: 'read',
      params: [] as const,
      handler: () => {
        throw new Error('disk on fire');
      },
    });
    expect(await broken.run([], ui)).toMatchObject({
      ok: false,
      error: {
        code: 'INTERNAL',
        operation: 'tasks.broken',
        message: expect.stringContaining('disk on fire'),
      },
    });
  });
});
