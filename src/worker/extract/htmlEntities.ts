/**
 * Named character references decoded in the visible text of HTML blocks: the ones notes
 * actually use. Any other named reference is kept as written (still searchable, never wrong);
 * numeric references (`&#33;`, `&#x21;`) are always decoded.
 */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  times: '×',
  divide: '÷',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  check: '✓',
};

export function decodeReference(ref: string): string {
  const numeric = /^&#(x[0-9a-f]+|[0-9]+);?$/i.exec(ref);
  if (numeric) {
    const body = numeric[1] as string;
    const code = body[0] === 'x' || body[0] === 'X' ? Number.parseInt(body.slice(1), 16) : Number(body);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : '\ufffd';
  }
  const named = /^&([a-z0-9]+);?$/i.exec(ref);
  return (named && NAMED[named[1] as string]) ?? ref;
}
