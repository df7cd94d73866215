import fc from 'fast-check';
import * as v from 'valibot';
import { HOSTILE_CONSTANTS, hostileString, hostileValue, parsedAsServer, rawJson } from './hostile';

/**
 * fast-check arbitraries derived from the shared valibot schemas (issue 18 part 4), so a field
 * added to a wire schema is generated, and broken, without editing a test. valibot 1.x schemas are
 * plain objects: `{kind: 'schema', type, ...}` with `entries` (objects), `item` (arrays), `key` and
 * `value` (records), `wrapped` (optional, nullable), `options` (unions, picklists), `literal`, and
 * `pipe: [schema, ...actions]` whose actions carry `type` and `requirement` (min_length, regex, ...).
 * A schema kind the walker does not know throws: a new kind is noticed, never skipped.
 */
type Node = { kind: string; type: string; [k: string]: unknown };
type Action = { kind: string; type: string; requirement?: unknown };

const asNode = (s: unknown) => s as Node;

/** The schema under its pipe, and the pipe's actions (nested pipes flattened). */
function split(schema: unknown): { base: Node; actions: Action[] } {
  const node = asNode(schema);
  const pipe = node.pipe as unknown[] | undefined;
  if (!pipe) return { base: node, actions: [] };
  const inner = split(pipe[0]);
  return { base: inner.base, actions: [...inner.actions, ...(pipe.slice(1) as Action[])] };
}

const req = (actions: Action[], type: string) =>
  actions.find((a) => a.type === type)?.requirement as number | RegExp | undefined;

function bounds(actions: Action[]) {
  const exact = req(actions, 'length') as number | undefined;
  return {
    min: exact ?? (req(actions, 'min_length') as number | undefined) ?? 0,
    max: exact ?? (req(actions, 'max_length') as number | undefined),
  };
}

/** Standard base64 of `bytes` random bytes (the shape every `check`ed string of the protocol is, or not). */
const base64Of = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((b) => Buffer.from(b).toString('base64'));

function stringArb(schema: unknown, actions: Action[]): fc.Arbitrary<string> {
  const { min, max } = bounds(actions);
  const cap = Math.min(max ?? 64, 64);
  const has = (t: string) => actions.some((a) => a.type === t);
  let arb: fc.Arbitrary<string>;
  if (has('uuid')) arb = fc.uuid();
  else if (has('email')) arb = fc.emailAddress().map((e) => e.toLowerCase());
  else if (has('url')) arb = fc.webUrl();
  else if (has('regex')) arb = fc.stringMatching(req(actions, 'regex') as RegExp);
  else if (has('check')) {
    // a custom predicate: offer the protocol's shapes (base64 of bytes, ISO time, text) and keep
    // what the schema takes
    const bytes = Math.floor(((max ?? 4096) * 3) / 4);
    arb = fc.oneof(
      base64Of(Math.max(0, Math.floor((min * 3) / 4) - 2), Math.min(bytes, 96)),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.string({ minLength: min, maxLength: Math.max(min, cap) }),
      fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, cap) }),
    );
  } else {
    arb = fc.oneof(
      fc.string({ minLength: min, maxLength: Math.max(min, cap) }),
      fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, cap) }),
      fc.constantFrom(...HOSTILE_CONSTANTS.filter((s) => s.length >= min && s.length <= (max ?? 1e9))),
    );
  }
  return arb.filter((s) => v.is(schema as v.GenericSchema, s));
}

function numberArb(actions: Action[]): fc.Arbitrary<number> {
  const integer = actions.some((a) => a.type === 'safe_integer' || a.type === 'integer');
  const min = req(actions, 'min_value') as number | undefined;
  const max = req(actions, 'max_value') as number | undefined;
  if (integer)
    return fc.integer({ min: min ?? Number.MIN_SAFE_INTEGER, max: max ?? Number.MAX_SAFE_INTEGER });
  return fc.double({ min: min ?? -1e12, max: max ?? 1e12, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values the schema accepts. */
export function validOf(schema: unknown): fc.Arbitrary<unknown> {
  const { base, actions } = split(schema);
  switch (base.type) {
    case 'string':
      return stringArb(schema, actions);
    case 'number':
      return numberArb(actions).filter((n) => v.is(schema as v.GenericSchema, n));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constant(base.literal);
    case 'picklist':
      return fc.constantFrom(...(base.options as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(base.enum as object));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
    case 'exact_optional':
      return validOf(base.wrapped);
    case 'nullable':
    case 'nullish':
      return fc.oneof(fc.constant(null), validOf(base.wrapped));
    case 'union':
    case 'variant':
      return fc.oneof(...(base.options as unknown[]).map(validOf));
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const entries = base.entries as Record<string, unknown>;
      const arbs: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [k, s] of Object.entries(entries)) {
        arbs[k] = validOf(s);
        if (!isOptional(s)) required.push(k);
      }
      return fc.record(arbs, { requiredKeys: required }).filter((o) => v.is(schema as v.GenericSchema, o));
    }
    case 'array': {
      const { min, max } = bounds(actions);
      return fc.array(validOf(base.item), {
        minLength: min,
        maxLength: Math.max(min, Math.min(max ?? 3, 3)),
      });
    }
    case 'record':
      return fc
        .dictionary(validOf(base.key) as fc.Arbitrary<string>, validOf(base.value), { maxKeys: 3 })
        .filter((o) => v.is(schema as v.GenericSchema, o));
    default:
      throw new Error(`schemaArbitrary: no generator for valibot schema type '${base.type}'`);
  }
}

function isOptional(s: unknown): boolean {
  const t = split(s).base.type;
  return t === 'optional' || t === 'exact_optional' || t === 'nullish';
}

/** Where a body can be broken: a path, the schema there, whether the field may be left out. */
interface Site {
  path: (string | number)[];
  schema: unknown;
  optional: boolean;
}

function unwrap(schema: unknown): unknown {
  const { base } = split(schema);
  return ['optional', 'exact_optional', 'nullable', 'nullish'].includes(base.type)
    ? unwrap(base.wrapped)
    : schema;
}

function sitesOf(schema: unknown, value: unknown, path: (string | number)[] = []): Site[] {
  const inner = unwrap(schema);
  const { base } = split(inner);
  const here: Site = { path, schema: inner, optional: isOptional(schema) };
  const out = [here];
  // a nullable object generated as null has no fields to break
  if (value === null) return out;
  if (['object', 'strict_object', 'loose_object'].includes(base.type)) {
    const obj = (value ?? {}) as Record<string, unknown>;
    for (const [k, s] of Object.entries(base.entries as Record<string, unknown>)) {
      if (k in obj) out.push(...sitesOf(s, obj[k], [...path, k]));
      else out.push({ path: [...path, k], schema: unwrap(s), optional: true });
    }
  } else if (base.type === 'array' && Array.isArray(value) && value.length > 0) {
    out.push(...sitesOf(base.item, value[0], [...path, 0]));
  } else if (base.type === 'record' && value && typeof value === 'object') {
    const first = Object.entries(value)[0];
    if (first) out.push(...sitesOf(base.value, first[1], [...path, first[0]]));
  }
  return out;
}

/** the JSON type a schema's values have, for "a value of another type" */
const jsonTypeOf = (x: unknown) => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);
const OTHER_TYPES: unknown[] = ['x', 1, 1.5, true, null, [], {}, [1, 'a'], { a: 1 }];

export type Fault = 'remove' | 'retype' | 'constraint' | 'hostile' | 'extra' | 'whole';
export const FAULTS: Fault[] = ['remove', 'retype', 'constraint', 'hostile', 'extra', 'whole'];

/** A value breaking the constraints of `schema` (over a maximum, under a minimum, off a pattern...). */
function constraintBreaks(schema: unknown, current: unknown): unknown[] {
  const { base, actions } = split(schema);
  const out: unknown[] = [];
  const { min, max } = bounds(actions);
  if (base.type === 'string') {
    if (max !== undefined && max < 400_000) out.push('a'.repeat(max + 1));
    if (min > 0) out.push('a'.repeat(min - 1));
    if (actions.some((a) => ['regex', 'uuid', 'email', 'url', 'check'].includes(a.type)))
      out.push('not-matching \uD800', `${String(current)}!`, ' ');
  } else if (base.type === 'number') {
    out.push(Number.NaN, Number.POSITIVE_INFINITY, 0.5, -1, 2 ** 53 + 2);
    const lo = req(actions, 'min_value') as number | undefined;
    const hi = req(actions, 'max_value') as number | undefined;
    if (lo !== undefined) out.push(lo - 1);
    if (hi !== undefined) out.push(hi + 1);
  } else if (base.type === 'array') {
    if (min > 0) out.push([]);
    if (max !== undefined && max <= 200 && Array.isArray(current))
      out.push(Array.from({ length: max + 1 }, () => current[0] ?? null));
  } else if (['literal', 'picklist', 'enum'].includes(base.type)) {
    out.push('not-an-option', 'ACTIVE');
  } else if (base.type === 'record') {
    out.push({ '': -1 }, { k: 'x'.repeat(10) });
  }
  // NaN and Infinity as bare tokens (JSON.stringify writes them as null)
  return out.map((x) =>
    typeof x === 'number' && !Number.isFinite(x) ? (Number.isNaN(x) ? '@@NaN@@' : '@@Inf@@') : x,
  );
}

function setAt(
  root: unknown,
  path: (string | number)[],
  fn: (parent: Record<string | number, unknown>, key: string | number) => void,
) {
  let parent = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  fn(parent, path.at(-1) as string | number);
}

/** defines an own property even for `__proto__` (plain assignment would set the prototype) */
const define = (o: object, k: string | number, value: unknown) =>
  Object.defineProperty(o, k, { value, enumerable: true, configurable: true, writable: true });

/** One broken body: its raw text and what was done. */
export interface Broken {
  text: string;
  fault: Fault;
  at: string;
}

/**
 * An arbitrary of request bodies `schema` refuses: a valid value broken at one site (a required
 * field removed, a value of another JSON type, a constraint broken, a hostile value, an extra key
 * `__proto__`/`constructor`/..., or the whole body replaced), written as raw JSON text (bare NaN,
 * Infinity, deep nesting). Only texts the schema really refuses are kept.
 */
export function brokenOf(schema: unknown): fc.Arbitrary<Broken> {
  const extraKey = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'),
    hostileString,
  );
  return fc
    .tuple(validOf(schema), fc.nat(), fc.constantFrom(...FAULTS), fc.nat(), hostileValue, extraKey)
    .map(([valid, pick, fault, n, hostile, key]): Broken => {
      const body = structuredClone(valid);
      const sites = sitesOf(schema, body).filter((s) => s.path.length > 0);
      const site = sites[pick % Math.max(sites.length, 1)];
      if (fault === 'whole' || !site) return { text: rawJson(hostile), fault: 'whole', at: '' };
      const at = site.path.join('.');
      let done: Fault = fault;
      setAt(body, site.path, (parent, key2) => {
        const current = parent[key2];
        if (fault === 'remove') {
          if (Array.isArray(parent)) parent.splice(Number(key2), 1);
          else delete parent[key2];
        } else if (fault === 'retype') {
          const others = OTHER_TYPES.filter((o) => jsonTypeOf(o) !== jsonTypeOf(current));
          parent[key2] = others[n % others.length];
        } else if (fault === 'constraint') {
          const breaks = constraintBreaks(site.schema, current);
          if (breaks.length) parent[key2] = breaks[n % breaks.length];
          else {
            parent[key2] = hostile;
            done = 'hostile';
          }
        } else if (fault === 'hostile') parent[key2] = hostile;
        else if (fault === 'extra') {
          const target = current && typeof current === 'object' && !Array.isArray(current) ? current : parent;
          define(target as object, key, hostile);
        }
      });
      return { text: rawJson(body), fault: done, at };
    })
    .filter((b) => {
      const parsed = parsedAsServer(b.text);
      return !parsed.ok || !v.is(schema as v.GenericSchema, parsed.value);
    });
}

/** Valid bodies as raw text (hostile content within the schema's bounds included). */
export function validTextOf(schema: unknown): fc.Arbitrary<string> {
  return validOf(schema).map((x) => JSON.stringify(x));
}
