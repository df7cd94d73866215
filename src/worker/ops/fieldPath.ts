/**
 * Turns Ajv's JSON-pointer `instancePath` into the field name an agent reads in a refusal:
 * `/0/limit` under root `args` becomes `args[0].limit`; `/tags/3` under a tool's arguments becomes
 * `tags[3]`. Whether a segment is an index is read from the data itself (a property may be
 * called "0"), so the path names exactly the value that failed.
 */
export interface FieldRoot {
  /** what the whole value is called when it is the field, e.g. `args` or `arguments` */
  label: string;
  /** whether nested fields start with the label (`args[0]`) or not (`title`) */
  prefixed: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function child(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value[Number(key)];
  if (value !== null && typeof value === 'object') return (value as Record<string, unknown>)[key];
  return undefined;
}

export function pointerSegments(instancePath: string): string[] {
  return instancePath === '' ? [] : instancePath.slice(1).split('/').map(unescapePointer);
}

/** Appends one step to a field path; `parent` is the value the step goes into. */
export function appendStep(path: string, parent: unknown, key: string): string {
  if (Array.isArray(parent)) return `${path}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** The field path of `segments` inside `data`, plus an optional trailing property or index. */
export function fieldPath(
  root: FieldRoot,
  data: unknown,
  segments: readonly string[],
  extra?: string,
): string {
  let path = root.prefixed ? root.label : '';
  let value = data;
  const steps = extra === undefined ? segments : [...segments, extra];
  for (const key of steps) {
    path = appendStep(path, value, key);
    value = child(value, key);
  }
  return path === '' ? root.label : path;
}
