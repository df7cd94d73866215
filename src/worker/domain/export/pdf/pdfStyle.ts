import { type RGB, rgb } from 'pdf-lib';
import type { FontFace } from './pdfFonts';

/** How a span of text is drawn; `href` only for links a reader may follow (http(s), mailto). */
export interface TextStyle {
  face: FontFace | 'mono';
  size: number;
  color: RGB;
  strike: boolean;
  href: string | null;
}

/** A piece of a paragraph: styled text, a forced line break, or an image that stands on its own. */
export type Span =
  | { t: 'text'; text: string; style: TextStyle }
  | { t: 'break' }
  | { t: 'image'; target: string };

export const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.42, 0.42, 0.42);
export const LINK = rgb(0.07, 0.3, 0.72);
export const RULE = rgb(0.72, 0.72, 0.72);
export const CODE_BG = rgb(0.95, 0.95, 0.95);
export const HEADER_BG = rgb(0.92, 0.92, 0.92);

export const BODY_SIZE = 11;
export const CODE_SIZE = 9.5;
export const TABLE_SIZE = 10;
export const TITLE_SIZE = 20;
/** The note's headings sit one level below the title (as in the HTML export). */
export const HEADING_SIZES = [17, 15, 13, 12, 11, 11] as const;
/** Line height as a multiple of the font size. */
export const LEADING = 1.4;

export const body = (over: Partial<TextStyle> = {}): TextStyle => ({
  face: 'regular',
  size: BODY_SIZE,
  color: INK,
  strike: false,
  href: null,
  ...over,
});
