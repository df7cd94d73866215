import { type PDFDocument, type PDFPage, PDFString } from 'pdf-lib';

/** A clickable area over a link's text that opens its URL (a PDF Link annotation, URI action). */
export function addLinkAnnotation(
  doc: PDFDocument,
  page: PDFPage,
  rect: [x1: number, y1: number, x2: number, y2: number],
  url: string,
): void {
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
  });
  page.node.addAnnot(doc.context.register(annot));
}
