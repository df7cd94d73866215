import { describe, expect, it } from 'vitest';
import { htmlBlocks, htmlBlockTexts, visibleText } from '../../../src/worker/extract/htmlBlockText';
import { decodeReference } from '../../../src/worker/extract/htmlEntities';

describe('visible text of HTML blocks in markdown', () => {
  it('finds HTML blocks but not HTML inside code fences or inline HTML in a paragraph', () => {
    const md = [
      '# Title',
      '',
      'A paragraph with <b>inline</b> HTML.',
      '',
      '<div class="card">',
      '  <p>Inside the card</p>',
      '</div>',
      '',
      '```html',
      '<div>code, not HTML</div>',
      '```',
      '',
      '<table><tr><td>cell</td></tr></table>',
    ].join('\n');
    const blocks = htmlBlocks(md);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toContain('Inside the card');
    expect(blocks[1]).toContain('cell');
  });

  it('keeps text, decodes references, drops tags, attributes, comments, scripts and styles', () => {
    const html =
      '<div title="not shown"><p>Fish &amp; chips&#33; <b>now</b>&#x2014;&nbsp;ok</p><script>alert(1)</script><style>p{color:red}</style><!-- hidden --><img alt="no"></div>';
    expect(visibleText(html)).toBe('Fish & chips! now—\u00a0ok');
  });

  it('puts block elements on their own lines and collapses spaces as a browser does', () => {
    const html = '<ul>\n  <li>one   two</li>\n  <li>three</li>\n</ul><p>four<br>five</p>';
    expect(visibleText(html)).toBe('one two\nthree\nfour\nfive');
  });

  it('gives one entry per block that shows text', () => {
    const md =
      '<div>first</div>\n\ntext\n\n<!-- only a comment -->\n\n<section>\n<h2>second</h2>\n</section>\n';
    expect(htmlBlockTexts(md)).toEqual(['first', 'second']);
  });

  it('decodes numeric references, common named ones, and keeps unknown names as written', () => {
    expect(decodeReference('&#65;')).toBe('A');
    expect(decodeReference('&#x1F600;')).toBe('😀');
    expect(decodeReference('&#xD800;')).toBe('\ufffd');
    expect(decodeReference('&hellip;')).toBe('…');
    expect(decodeReference('&notarealname;')).toBe('&notarealname;');
  });
});
