/**
 * Chrome's WebMCP takes a subset of JSON Schema: no `format`, `$ref`, `$defs` (nor the older
 * `definitions`). Spec 1 also wants every `arguments` object closed. Returns each breach with its
 * location, so a test (and WebMCP registration) can refuse a schema that would not register.
 */
const FORBIDDEN = ['format', '$ref', '$defs', 'definitions', '$dynamicRef'] as const;

export function schemaSubsetBreaches(schema: unknown, where = '#'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((s, i) => schemaSubsetBreaches(s, `${where}/${i}`));
  const node = schema as Record<string, unknown>;
  const breaches: string[] = FORBIDDEN.filter((k) => k in node).map(
    (k) => `${where}: ${k} is outside the WebMCP subset`,
  );
  const isClosedObject = node.type === 'object' && node.properties !== undefined;
  if (isClosedObject && node.additionalProperties !== false) {
    breaches.push(`${where}: an object with properties must set additionalProperties: false`);
  }
  for (const key of ['properties'] as const) {
    const props = node[key];
    if (props !== null && typeof props === 'object') {
      for (const [name, child] of Object.entries(props)) {
        breaches.push(...schemaSubsetBreaches(child, `${where}/${key}/${name}`));
      }
    }
  }
  for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not'] as const) {
    if (key in node) breaches.push(...schemaSubsetBreaches(node[key], `${where}/${key}`));
  }
  return breaches;
}
