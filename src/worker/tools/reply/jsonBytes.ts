const encoder = new TextEncoder();

/** Size of a string in UTF-8 bytes. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** Size of `value` as UTF-8 JSON: what the 100 KB reply limit counts. `undefined` counts as null. */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? 'null');
}
