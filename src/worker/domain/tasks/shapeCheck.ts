import type { FieldRoot } from '../../ops/fieldPath';
import type { AnySchema } from '../../ops/schema';
import { createValidator } from '../../ops/validator';
import type { ValidationError } from './errors';

const INPUT_ROOT: FieldRoot = { label: 'input', prefixed: false };

/**
 * A checker for one of this domain's schemas, through the project's one Ajv translation (so a
 * refusal reads the same whether it comes from the operation registry or from the domain). The
 * schema compiles once, when the checker is made.
 */
export function shapeChecker(
  schema: AnySchema,
  root: FieldRoot = INPUT_ROOT,
): (value: unknown) => ValidationError | null {
  const validate = createValidator(schema, root);
  return (value) => {
    const error = validate(value);
    if (error === null) return null;
    return {
      code: 'VALIDATION',
      message: error.message,
      field: error.field ?? root.label,
      ...(error.expected === undefined ? {} : { expected: error.expected }),
      ...(error.allowed === undefined ? {} : { allowed: error.allowed }),
    };
  };
}
