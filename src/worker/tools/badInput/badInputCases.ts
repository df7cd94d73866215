import { appendStep, type FieldRoot } from '../../ops/fieldPath';
import type { SchemaNode } from '../../ops/schema';
import { typesOf, validExample } from './validExample';

/** One refusal case: a value that must be refused with VALIDATION naming `field`. */
export interface BadInputCase {
  /** what is wrong, e.g. `limit above maximum 50` */
  name: string;
  value: unknown;
  field: string;
}

const WRONG_TYPE_SAMPLES: readonly [string, unknown][] = [
  ['string', 'wrong type'],
  ['number', 1.5],
  ['integer', 7],
  ['boolean', false],
  ['null', null],
  ['array', []],
  ['object', {}],
];

const UNKNOWN_PROPERTY = 'unexpected_property';

function accepts(types: readonly string[], sampleType: string): boolean {
  return types.includes(sampleType) || (sampleType === 'integer' && types.includes('number'));
}

function setAt(root: unknown, keys: readonly string[], value: unknown): unknown {
  if (keys.length === 0) return value;
  const [head, ...rest] = keys as [string, ...string[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[Number(head)] = setAt(root[Number(head)], rest, value);
    return copy;
  }
  const obj = root as Record<string, unknown>;
  return { ...obj, [head]: setAt(obj[head], rest, value) };
}

function nonMatching(pattern: string): string {
  const re = new RegExp(pattern, 'u');
  return ['!', 'not matching', '0', ''].find((s) => !re.test(s)) ?? '\u0000';
}

/**
 * Every refusal case spec section 7 and issue 6 ask for, derived from the schema alone so a new
 * tool or operation is covered without anyone writing its cases: an unknown property per closed
 * object, each wrong type, each bound crossed by one (minLength, maxLength, minimum, maximum,
 * minItems, maxItems), each missing required field, an empty string where minLength is 1, a value
 * outside an enum, a string missing its pattern. Every case starts from one valid value (every
 * optional field filled) and breaks exactly one thing.
 */
export function badInputCases(schema: SchemaNode, root: FieldRoot): BadInputCase[] {
  const base = validExample(schema, true);
  const cases: BadInputCase[] = [];

  function visit(
    node: SchemaNode,
    keys: string[],
    field: string,
    value: unknown,
    whole: unknown = base,
  ): void {
    const at = field === '' ? root.label : field;
    const put = (name: string, bad: unknown, f = at) =>
      cases.push({ name: `${at}: ${name}`, value: setAt(whole, keys, bad), field: f });
    const types = typesOf(node);

    if (types.length > 0 && node.enum === undefined && node.const === undefined) {
      for (const [t, sample] of WRONG_TYPE_SAMPLES) if (!accepts(types, t)) put(`wrong type ${t}`, sample);
    }
    if (node.enum !== undefined) put('value outside the enum', 'not-an-allowed-value');
    if (node.pattern !== undefined) put(`string not matching ${node.pattern}`, nonMatching(node.pattern));
    if (node.minLength !== undefined && node.minLength > 0) {
      put(
        node.minLength === 1 ? 'empty string' : `shorter than ${node.minLength}`,
        'a'.repeat(node.minLength - 1),
      );
    }
    if (node.maxLength !== undefined) put(`longer than ${node.maxLength}`, 'a'.repeat(node.maxLength + 1));
    if (node.minimum !== undefined) put(`below minimum ${node.minimum}`, node.minimum - 1);
    if (node.maximum !== undefined) put(`above maximum ${node.maximum}`, node.maximum + 1);

    if (Array.isArray(value)) {
      const filler = (i: number) =>
        i < value.length ? value[i] : validExample(typeof node.items === 'object' ? node.items : {}, false);
      if (node.minItems !== undefined && node.minItems > 0) {
        put(
          `fewer than ${node.minItems} items`,
          Array.from({ length: node.minItems - 1 }, (_, i) => filler(i)),
        );
      }
      if (node.maxItems !== undefined) {
        // Ajv checks maxItems before a closed tuple's `items: false`, so the array is the field.
        put(
          `more than ${node.maxItems} items`,
          Array.from({ length: node.maxItems + 1 }, (_, i) => filler(i)),
        );
      }
      value.forEach((item, i) => {
        const child = node.prefixItems?.[i] ?? (typeof node.items === 'object' ? node.items : undefined);
        if (child !== undefined)
          visit(child, [...keys, String(i)], appendStep(field, value, String(i)), item, whole);
      });
    } else if (value !== null && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      for (const name of node.required ?? []) {
        const { [name]: _dropped, ...rest } = obj;
        put(`missing required ${name}`, rest, appendStep(field, obj, name));
      }
      const required = new Set(node.required ?? []);
      const optional = Object.keys(obj).filter((k) => !required.has(k));
      const full = node.maxProperties !== undefined && Object.keys(obj).length >= node.maxProperties;
      if (node.additionalProperties === false) {
        // At `maxProperties` the unknown property takes an optional one's place, so it is the only fault.
        const { [optional.at(-1) ?? '']: _room, ...rest } = obj;
        const host = full && optional.length > 0 ? rest : obj;
        put('unknown property', { ...host, [UNKNOWN_PROPERTY]: 1 }, appendStep(field, obj, UNKNOWN_PROPERTY));
      }
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        if (name in obj) {
          visit(child, [...keys, name], appendStep(field, obj, name), obj[name], whole);
        } else if (full && optional.length > 0) {
          // Left out for `maxProperties`: break it in a variant where it replaces an optional property.
          const { [optional.at(-1)!]: _swapped, ...rest } = obj;
          const variant = { ...rest, [name]: validExample(child, true) };
          visit(
            child,
            [...keys, name],
            appendStep(field, variant, name),
            variant[name],
            setAt(whole, keys, variant),
          );
        }
      }
    }
  }

  visit(schema, [], root.prefixed ? root.label : '', base);
  return cases;
}

/** The one valid value every case breaks, for checking that it passes. */
export function validBase(schema: SchemaNode): unknown {
  return validExample(schema, true);
}
