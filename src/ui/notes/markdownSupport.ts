import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { Language, LanguageSupport } from '@codemirror/language';
import {
  type TreeFragment as Fragment,
  type Input,
  Parser,
  type PartialParse,
  TreeFragment,
} from '@lezer/common';

/** Fragments shorter than this are passed on whole: cutting them saves nothing. */
const FIRST_CUT = 4096;

/**
 * The editor's fragments (the unchanged stretches of the last tree), each cut at doubling
 * positions (4 KB, 8 KB, 16 KB, … from the start of the document).
 *
 * Why: `@lezer/markdown` reuses a stretch of the old tree in one sweep, and within one sweep it
 * takes whole subtrees only up to a quarter of the distance from the document's start to where
 * the sweep began (`takeNodes`, "to avoid creating lopsided trees"). A stretch that begins at the
 * top of the note therefore went block by block through the entire note on every key: ~25,000
 * blocks, ~29 ms a key in a 1 MB note. Cut at doubling positions, each sweep begins far enough in
 * to take subtrees a quarter of its place, so a reparse takes a few hundred nodes whatever the
 * note's length. Every piece is still an unchanged stretch of the old tree, so the result is the
 * tree a fresh parse gives (tests/unit/ui/notes/markdownSupport.test.ts); each cut costs one
 * block parsed again (the one it splits).
 */
export function cutFragments(fragments: readonly Fragment[]): Fragment[] {
  const out: Fragment[] = [];
  for (const f of fragments) {
    let from = f.from;
    let openStart = f.openStart;
    let cut = Math.max(FIRST_CUT, from * 2);
    while (cut < f.to - FIRST_CUT) {
      out.push(new TreeFragment(from, cut, f.tree, f.offset, openStart, true));
      from = cut;
      openStart = true;
      cut *= 2;
    }
    out.push(from === f.from ? f : new TreeFragment(from, f.to, f.tree, f.offset, openStart, f.openEnd));
  }
  return out;
}

/** A markdown parser that hands the inner parser its fragments cut (`cutFragments`). */
class CutFragmentsParser extends Parser {
  constructor(readonly inner: Parser) {
    super();
  }
  createParse(
    input: Input,
    fragments: readonly Fragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    return this.inner.createParse(input, cutFragments(fragments), ranges);
  }
}

/**
 * `markdown({ base: markdownLanguage })` (GFM), its parser wrapped by `CutFragmentsParser` so a
 * key typed in a long note reparses in time that does not grow with the note. The language keeps
 * the markdown language's data facet, so its commands and completions (list continuation on
 * Enter, `isActiveAt`) take it for markdown.
 */
export function markdownSupport(): LanguageSupport {
  const base = markdown({ base: markdownLanguage });
  const lang = new Language(base.language.data, new CutFragmentsParser(base.language.parser), [], 'markdown');
  return new LanguageSupport(lang, base.support);
}
