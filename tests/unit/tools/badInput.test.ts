import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../src/worker/ops/registry';
import { asNode } from '../../../src/worker/ops/schema';
import { ARGS_ROOT, ARGUMENTS_ROOT, createValidator } from '../../../src/worker/ops/validator';
import { badInputCases, validBase } from '../../../src/worker/tools/badInput/badInputCases';
import { TOOL_SPECS } from '../../../src/worker/tools/catalog';
import { GENERIC_TOOLS } from '../../../src/worker/tools/generic';
import { createToolHost } from '../../../src/worker/tools/toolHost';
import { seedVault, testOperations } from '../ops/fixtures/testOperations';

describe('bad-input generator', () => {
  it('derives every kind of case from a schema', () => {
    const cases = badInputCases(
      {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 5 },
          limit: { type: 'integer', minimum: 1, maximum: 50 },
          tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', minLength: 1 } },
          kind: { enum: ['a', 'b'] },
        },
      },
      ARGUMENTS_ROOT,
    );
    const names = cases.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'arguments: wrong type array',
        'arguments: missing required title',
        'arguments: unknown property',
        'title: empty string',
        'title: longer than 5',
        'title: wrong type number',
        'limit: below minimum 1',
        'limit: above maximum 50',
        'limit: wrong type number',
        'limit: wrong type string',
        'tags: fewer than 1 items',
        'tags: more than 2 items',
        'tags[0]: empty string',
        'kind: value outside the enum',
      ]),
    );
    expect(cases.find((c) => c.name === 'limit: above maximum 50')).toEqual({
      name: 'limit: above maximum 50',
      value: { title: 'a', limit: 51, tags: ['a'], kind: 'a' },
      field: 'limit',
    });
    expect(cases.find((c) => c.name === 'arguments: unknown property')?.field).toBe('unexpected_property');
  });

  it('respects maxProperties (one of several properties) and still breaks each of them', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: { folder: { type: 'string' }, projectId: { type: 'string', minLength: 1 } },
    } as const;
    const validate = createValidator(schema, ARGUMENTS_ROOT);
    expect(validBase(schema)).toEqual({ folder: 'a' });
    const cases = badInputCases(schema, ARGUMENTS_ROOT);
    expect(cases.find((c) => c.name === 'projectId: empty string')).toMatchObject({
      value: { projectId: '' },
    });
    expect(cases.find((c) => c.name === 'arguments: unknown property')?.value).toEqual({
      unexpected_property: 1,
    });
    for (const c of cases) expect(validate(c.value)).toMatchObject({ code: 'VALIDATION', field: c.field });
  });

  it('names args fields of an operation', () => {
    const [list] = testOperations(seedVault());
    const cases = badInputCases(asNode(list!.argsSchema), ARGS_ROOT);
    expect(cases.map((c) => [c.name, c.field])).toEqual(
      expect.arrayContaining([
        ['args: more than 1 items', 'args'],
        ['args[0]: unknown property', 'args[0].unexpected_property'],
        ['args[0].limit: above maximum 500', 'args[0].limit'],
      ]),
    );
  });
});

describe('every tool schema refuses its generated bad input, naming the field', () => {
  for (const spec of TOOL_SPECS) {
    it(spec.name, () => {
      const validate = createValidator(spec.inputSchema, ARGUMENTS_ROOT);
      expect(validate(validBase(asNode(spec.inputSchema)))).toBeNull();
      const cases = badInputCases(asNode(spec.inputSchema), ARGUMENTS_ROOT);
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        expect({ case: c.name, error: validate(c.value) }).toMatchObject({
          case: c.name,
          error: { code: 'VALIDATION', field: c.field },
        });
      }
    });
  }
});

describe('every registered operation refuses its generated bad input, naming the field', () => {
  const registry = createRegistry(testOperations(seedVault()));
  for (const op of registry.list()) {
    it(op.name, () => {
      expect(op.check(validBase(asNode(op.argsSchema)))).toBeNull();
      for (const c of badInputCases(asNode(op.argsSchema), ARGS_ROOT)) {
        expect({ case: c.name, error: op.check(c.value) }).toMatchObject({
          case: c.name,
          error: { code: 'VALIDATION', field: c.field },
        });
      }
    });
  }
});

describe('through vault_desktop_read / vault_desktop_write, a refused call runs nothing', () => {
  it('every case of every registered operation', async () => {
    const vault = seedVault();
    const before = structuredClone(vault);
    const registry = createRegistry(testOperations(vault));
    let asked = 0;
    const host = createToolHost({
      registry,
      tools: GENERIC_TOOLS,
      approve: async () => {
        asked++;
        return 'once';
      },
    });
    const caller = { kind: 'agent' as const, surface: 'mcp' as const };
    let count = 0;
    for (const op of registry.list()) {
      const tool = op.kind === 'read' ? 'vault_desktop_read' : 'vault_desktop_write';
      for (const c of badInputCases(asNode(op.argsSchema), ARGS_ROOT)) {
        const r = await host.callTool(tool, { operation: op.name, args: c.value }, caller);
        expect({ case: `${op.name} ${c.name}`, r }).toMatchObject({
          r: { ok: false, error: { code: 'VALIDATION', field: c.field } },
        });
        count++;
      }
    }
    expect(count).toBeGreaterThan(20);
    expect(asked).toBe(0);
    expect(vault).toEqual(before);
  });
});
