/**
 * One `[[...]]` or `![[...]]` of a line, split into the parts Live Preview shows or hides: the
 * target note (`Folder/Title`), its `#heading` or `#^block`, the `|alias`, and the text shown
 * (the alias, else the target with its heading as Obsidian writes it: `Title > Heading`).
 * Offsets are relative to the line. Pure, so it is tested without an editor.
 */
export interface WikiLinkParts {
  from: number;
  to: number;
  embed: boolean;
  /** the inner text, `Title#Heading|alias` */
  inner: string;
  /** `Title#Heading`: what `notes.resolveWikiTarget` and `notes.previewByTitle` take */
  target: string;
  title: string;
  subpath: string | null;
  alias: string | null;
  /** where the shown text starts and ends (the alias, or the target) */
  shownFrom: number;
  shownTo: number;
  shown: string;
}

const WIKI = /(!?)\[\[([^[\]\n]+?)\]\]/g;

export function wikiLinkParts(line: string): WikiLinkParts[] {
  const out: WikiLinkParts[] = [];
  for (const m of line.matchAll(WIKI)) {
    const embed = m[1] === '!';
    const inner = m[2] ?? '';
    const from = m.index;
    const innerFrom = from + m[1]!.length + 2;
    // `\|` is how a table cell escapes the alias bar; either way the last bar starts the alias.
    const bar = inner.search(/\\?\|/);
    const target = (bar === -1 ? inner : inner.slice(0, bar)).trim();
    const alias = bar === -1 ? null : inner.slice(inner.indexOf('|', bar) + 1);
    const hash = target.indexOf('#');
    const title = hash === -1 ? target : target.slice(0, hash);
    const subpath = hash === -1 ? null : target.slice(hash + 1);
    const shownFrom = alias === null ? innerFrom : innerFrom + inner.indexOf('|', bar) + 1;
    const shownTo = alias === null ? innerFrom + (bar === -1 ? inner.length : bar) : innerFrom + inner.length;
    const shown =
      alias ?? (subpath === null ? title : `${title}${title ? ' > ' : ''}${subpath.replace(/#/g, ' > ')}`);
    out.push({
      from,
      to: from + m[0].length,
      embed,
      inner,
      target,
      title,
      subpath,
      alias,
      shownFrom,
      shownTo,
      shown,
    });
  }
  return out;
}
