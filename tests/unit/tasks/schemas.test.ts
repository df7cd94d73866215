import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import * as schemas from '../../../src/worker/domain/tasks/schemas';

type Node = Record<string, unknown>;
const objectSchemas: [string, Node][] = Object.entries(schemas as Record<string, unknown>)
  .filter(([name, value]) => name.endsWith('Schema') && typeof value === 'object')
  .map(([name, value]) => [name, value as Node]);

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
  } else if (node !== null && typeof node === 'object') {
    visit(node as Node);
    for (const child of Object.values(node)) walk(child, visit);
  }
}

describe('task and project schemas', () => {
  it('all compile under draft 2020-12 (strict)', () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
    expect(objectSchemas.length).toBeGreaterThanOrEqual(10);
    for (const [, schema] of objectSchemas) expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('stay in the subset agent tools accept: no $ref, $defs or format; closed objects', () => {
    for (const [name, schema] of objectSchemas) {
      walk(schema, (n) => {
        expect(n.$ref, name).toBeUndefined();
        expect(n.$defs, name).toBeUndefined();
        expect(n.format, name).toBeUndefined();
        if (n.type === 'object') expect(n.additionalProperties, name).toBe(false);
      });
    }
  });

  it('carry the spec limits of section 8', () => {
    const t = schemas.taskCreateInputSchema.properties;
    expect([t.title.minLength, t.title.maxLength]).toEqual([1, 500]);
    expect([t.priority.minimum, t.priority.maximum]).toEqual([0, 4]);
    expect(t.description.maxLength).toBe(10_000);
    expect(t.tags.maxItems).toBe(20);
    const ajv = new Ajv2020({ strictTypes: false, allowUnionTypes: true });
    const time = ajv.compile({ type: 'string', pattern: schemas.HHMM_PATTERN });
    expect(['00:00', '09:30', '23:59'].every((x) => time(x))).toBe(true);
    expect(['24:00', '9:30', '12:60', '12:3'].some((x) => time(x))).toBe(false);
  });
});
