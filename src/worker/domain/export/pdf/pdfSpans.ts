import type { Inline, Mark } from '../noteInlines';
import type { FontFace } from './pdfFonts';
import { LINK, MUTED, type Span, type TextStyle } from './pdfStyle';

/** Links a PDF reader may follow; anything else (javascript:, data:, relative) is plain text. */
const FOLLOWABLE = /^(?:https?:|mailto:)/i;

/**
 * A paragraph's runs as styled spans. Wiki links are their label (a PDF has no vault to open);
 * an image the export could embed stands as its own span, any other its alt text in grey.
 */
export function spansOf(
  inlines: readonly Inline[],
  base: TextStyle,
  hasImage: (target: string) => boolean,
): Span[] {
  const out: Span[] = [];
  for (const i of inlines) {
    if (i.t === 'break') out.push({ t: 'break' });
    else if (i.t === 'image') {
      if (hasImage(i.src)) out.push({ t: 'image', target: i.src });
      else if (FOLLOWABLE.test(i.src))
        out.push({ t: 'text', text: i.alt || i.src, style: { ...base, color: LINK, href: i.src } });
      else out.push({ t: 'text', text: `[${i.alt || i.src}]`, style: { ...base, color: MUTED } });
    } else if (i.t === 'wiki') {
      const [target = '', alias] = i.inner.split(/\\?\|/);
      const t = target.trim();
      if (i.embed && hasImage(t)) out.push({ t: 'image', target: t });
      else out.push({ t: 'text', text: alias?.trim() || t, style: styled(base, i.marks) });
    } else {
      const style = styled(base, i.marks);
      const href = i.href && FOLLOWABLE.test(i.href) ? i.href : null;
      out.push({ t: 'text', text: i.text, style: href ? { ...style, href, color: LINK } : style });
    }
  }
  return out;
}

function styled(base: TextStyle, marks: readonly Mark[]): TextStyle {
  if (marks.length === 0) return base;
  const bold = marks.includes('strong') || base.face === 'bold' || base.face === 'boldItalic';
  const italic = marks.includes('em') || base.face === 'italic' || base.face === 'boldItalic';
  const face: FontFace | 'mono' = marks.includes('code')
    ? 'mono'
    : bold && italic
      ? 'boldItalic'
      : bold
        ? 'bold'
        : italic
          ? 'italic'
          : 'regular';
  return { ...base, face, strike: base.strike || marks.includes('strike') };
}
