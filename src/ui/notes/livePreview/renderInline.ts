/**
 * Inline markdown of a table cell drawn as DOM (never as HTML text, so nothing in a note can
 * inject markup): `**strong**`, `*em*` / `_em_`, `` `code` ``, `~~strike~~`, `[[link|alias]]` and
 * `[text](url)` as link-looking text. What is not matched stays as written.
 */
const TOKEN =
  /(\*\*[^*\n]+\*\*|__[^_\n]+__|\*[^*\n]+\*|_[^_\n]+_|`[^`\n]+`|~~[^~\n]+~~|\[\[[^[\]\n]+\]\]|\[[^\]\n]+\]\([^)\n]+\))/;

export function renderInline(text: string, into: HTMLElement): void {
  for (const part of text.replace(/\\\|/g, '|').split(TOKEN)) {
    if (part === '') continue;
    const el = element(part);
    into.append(el ?? document.createTextNode(part));
  }
}

function element(part: string): HTMLElement | null {
  const make = (tag: string, text: string, cls?: string) => {
    const el = document.createElement(tag);
    el.textContent = text;
    if (cls) el.className = cls;
    return el;
  };
  if (/^(\*\*|__).+\1$/.test(part)) return make('strong', part.slice(2, -2));
  if (/^~~.+~~$/.test(part)) return make('s', part.slice(2, -2));
  if (/^(\*|_).+\1$/.test(part)) return make('em', part.slice(1, -1));
  if (/^`.+`$/.test(part)) return make('code', part.slice(1, -1), 'cm-lp-code');
  const wiki = /^\[\[([^|\]]+)(?:\|([^\]]+))?\]\]$/.exec(part);
  if (wiki) return make('span', wiki[2] ?? wiki[1] ?? '', 'cm-lp-link');
  const md = /^\[([^\]]+)\]\(.+\)$/.exec(part);
  if (md) return make('span', md[1] ?? '', 'cm-lp-link');
  return null;
}
