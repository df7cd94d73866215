import { describe, expect, it } from 'vitest';
import * as taskSchemas from '../../../src/worker/domain/tasks/schemas';
import { type AnySchema, asNode } from '../../../src/worker/ops/schema';
import { ARGUMENTS_ROOT, createValidator } from '../../../src/worker/ops/validator';
import { badInputCases, validBase } from '../../../src/worker/tools/badInput/badInputCases';
import { schemaSubsetBreaches } from '../../../src/worker/tools/schemaSubset';

/**
 * The tasks domain exports the param schemas its operations will be registered with. Check now
 * that the generator and the validator handle them (anyOf, patterns without examples, nullable
 * enums), so registering them later needs no new machinery.
 */
const schemas: [string, AnySchema][] = Object.entries(taskSchemas).flatMap(
  ([name, value]): [string, AnySchema][] =>
    typeof value === 'object' && value !== null && 'type' in value ? [[name, value as AnySchema]] : [],
);

describe('the tasks domain schemas work with the generator and validator', () => {
  it('has schemas to check', () => {
    expect(schemas.length).toBeGreaterThan(5);
  });

  for (const [name, schema] of schemas) {
    it(name, () => {
      expect(schemaSubsetBreaches(schema)).toEqual([]);
      const validate = createValidator(schema, ARGUMENTS_ROOT);
      expect(validate(validBase(asNode(schema)))).toBeNull();
      for (const c of badInputCases(asNode(schema), ARGUMENTS_ROOT)) {
        expect({ case: c.name, error: validate(c.value) }).toMatchObject({
          error: { code: 'VALIDATION', field: c.field },
        });
      }
    });
  }
});
