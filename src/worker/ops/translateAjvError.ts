import type { ErrorObject } from 'ajv/dist/2020';
import { describeCount, describeSchema } from './describeSchema';
import { type FieldRoot, fieldPath, pointerSegments } from './fieldPath';
import type { OpError } from './result';
import type { SchemaNode } from './schema';

function typeWord(parent: SchemaNode | undefined): string {
  const t = parent?.type;
  if (t === undefined) return 'number';
  return typeof t === 'string' ? t : t.filter((x) => x !== 'null').join(' or ');
}

function got(value: unknown): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value);
  if (text === undefined) return '';
  return ` (got ${text.length > 40 ? `${text.slice(0, 37)}...` : text})`;
}

interface Translated {
  field: string;
  expected: string;
  allowed?: readonly unknown[];
  value?: unknown;
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let v = data;
  for (const s of segments) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Array.isArray(v) ? v[Number(s)] : (v as Record<string, unknown>)[s];
  }
  return v;
}

/**
 * One Ajv error (compiled with `verbose`, so it carries its schema) as the refusal of spec 7:
 * the field that failed, what it had to be, and the allowed values when the schema lists them.
 */
export function translateAjvError(error: ErrorObject, data: unknown, root: FieldRoot): OpError {
  const segments = pointerSegments(error.instancePath);
  const parent = error.parentSchema as SchemaNode | undefined;
  const isArgsRoot = segments.length === 0 && root.prefixed;
  const unit = isArgsRoot ? 'argument' : 'item';
  const params = error.params as Record<string, unknown>;
  const here = (extra?: string) => fieldPath(root, data, segments, extra);
  const value = valueAt(data, segments);
  let t: Translated;
  switch (error.keyword) {
    case 'type':
      t = { field: here(), expected: String(params.type).split(',').join(' or '), value };
      break;
    case 'required': {
      const name = String(params.missingProperty);
      t = { field: here(name), expected: `${describeSchema(parent?.properties?.[name])}, required` };
      break;
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      t = { field: here(name), expected: 'no such property', allowed: Object.keys(parent?.properties ?? {}) };
      break;
    }
    case 'enum':
      t = { field: here(), expected: 'one of the allowed values', allowed: parent?.enum ?? [], value };
      break;
    case 'const':
      t = { field: here(), expected: 'the allowed value', allowed: [params.allowedValue], value };
      break;
    case 'minLength':
      t = {
        field: here(),
        expected: `string of at least ${describeCount(Number(params.limit), 'character')}`,
        value,
      };
      break;
    case 'maxLength':
      t = {
        field: here(),
        expected: `string of at most ${describeCount(Number(params.limit), 'character')}`,
        value,
      };
      break;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      t = {
        field: here(),
        expected: `${typeWord(parent)} ${String(params.comparison)} ${String(params.limit)}`,
        value,
      };
      break;
    case 'minItems':
      t = { field: here(), expected: `at least ${describeCount(Number(params.limit), unit)}` };
      break;
    case 'maxItems':
      t = { field: here(), expected: `at most ${describeCount(Number(params.limit), unit)}` };
      break;
    case 'items':
      // `items: false` after `prefixItems`: the first surplus element is the field.
      t = {
        field: here(String(params.limit)),
        expected: `at most ${describeCount(Number(params.limit), unit)}`,
      };
      break;
    case 'anyOf':
    case 'oneOf': {
      const branches = (parent?.anyOf ?? (parent as { oneOf?: SchemaNode[] } | undefined)?.oneOf ?? []).map(
        describeSchema,
      );
      t = { field: here(), expected: branches.join(' or '), value };
      break;
    }
    case 'pattern':
      t = { field: here(), expected: `string matching ${String(params.pattern)}`, value };
      break;
    default:
      t = { field: here(), expected: error.message ?? error.keyword, value };
  }
  const refusal: OpError = {
    code: 'VALIDATION',
    message: `${t.field}: expected ${t.expected}${got(t.value)}`,
    field: t.field,
    expected: t.expected,
  };
  if (t.allowed !== undefined) refusal.allowed = t.allowed;
  return refusal;
}
