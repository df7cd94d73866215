import type { Block } from './noteBlocks';
import type { Inline, Mark } from './noteInlines';

/** What the renderer needs to know of the vault; the export operation answers it from the store. */
export interface HtmlLinks {
  /** a wiki link's href (relative), or null to write it as plain text */
  wikiHref(inner: string): string | null;
  /** an embed or local image as a `data:` URL, or null when it is not embedded */
  imageData(target: string): string | null;
}

const TAG: Record<Mark, string> = { strong: 'strong', em: 'em', code: 'code', strike: 's' };
/** Only these links are kept: a `javascript:` or `data:` href never reaches the document. */
const SAFE_HREF = /^(?:https?:|mailto:|#)/i;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `:root{color-scheme:light dark}body{font:16px/1.55 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}
img{max-width:100%}pre{overflow-x:auto;padding:.75rem;border:1px solid #8884;border-radius:6px}
code{font-family:ui-monospace,monospace}blockquote{margin-left:0;padding-left:1rem;border-left:3px solid #8886}
table{border-collapse:collapse}td,th{border:1px solid #8886;padding:.25rem .5rem}li.task{list-style:none}`;

/**
 * A standalone HTML document of the blocks: inline style only, no script, and a Content-Security-
 * Policy that forbids scripts and every fetch except `data:` images, so a saved export cannot
 * run code or call home even if a link slipped through. Every text is escaped.
 */
export function renderHtml(title: string, blocks: readonly Block[], links: HtmlLinks): string {
  const body = blocks.map((b) => block(b, links)).join('\n');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

function block(b: Block, links: HtmlLinks): string {
  switch (b.t) {
    case 'heading': {
      // the title is the document's h1: a note's own headings sit one level below it
      const level = Math.min(6, b.level + 1);
      return `<h${level}>${inlines(b.inlines, links)}</h${level}>`;
    }
    case 'para':
      return `<p>${inlines(b.inlines, links)}</p>`;
    case 'quote':
      return `<blockquote>\n${b.blocks.map((x) => block(x, links)).join('\n')}\n</blockquote>`;
    case 'code':
      return `<pre><code>${escapeHtml(b.text)}</code></pre>`;
    case 'rule':
      return '<hr>';
    case 'table': {
      const [head, ...rows] = b.rows;
      const row = (cells: Inline[][], tag: string) =>
        `<tr>${cells.map((c) => `<${tag}>${inlines(c, links)}</${tag}>`).join('')}</tr>`;
      return `<table>${head ? `<thead>${row(head, 'th')}</thead>` : ''}<tbody>${rows.map((r) => row(r, 'td')).join('')}</tbody></table>`;
    }
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      const start = b.ordered && b.start !== 1 ? ` start="${b.start}"` : '';
      const items = b.items.map((it) => {
        const inner = it.blocks.map((x) => block(x, links)).join('\n');
        if (it.checked === null) return `<li>${inner}</li>`;
        const box = `<input type="checkbox" disabled${it.checked ? ' checked' : ''}> `;
        return `<li class="task">${box}${inner}</li>`;
      });
      return `<${tag}${start}>\n${items.join('\n')}\n</${tag}>`;
    }
  }
}

function inlines(list: readonly Inline[], links: HtmlLinks): string {
  return list.map((i) => inline(i, links)).join('');
}

function inline(i: Inline, links: HtmlLinks): string {
  if (i.t === 'break') return '<br>';
  if (i.t === 'image') {
    const data = links.imageData(i.src);
    if (data) return `<img src="${escapeHtml(data)}" alt="${escapeHtml(i.alt)}">`;
    const label = escapeHtml(i.alt || i.src);
    return SAFE_HREF.test(i.src) ? `<a href="${escapeHtml(i.src)}">${label}</a>` : label;
  }
  if (i.t === 'wiki') {
    const [target = '', alias] = i.inner.split(/\\?\|/);
    if (i.embed) {
      const data = links.imageData(target.trim());
      if (data) return `<img src="${escapeHtml(data)}" alt="${escapeHtml(target.trim())}">`;
    }
    const label = escapeHtml(alias?.trim() || target.trim());
    const href = links.wikiHref(i.inner);
    return wrap(href ? `<a href="${escapeHtml(href)}">${label}</a>` : label, i.marks);
  }
  const text = escapeHtml(i.text);
  const linked = i.href && SAFE_HREF.test(i.href) ? `<a href="${escapeHtml(i.href)}">${text}</a>` : text;
  return wrap(linked, i.marks);
}

function wrap(html: string, marks: readonly Mark[]): string {
  return marks.reduceRight((inner, m) => `<${TAG[m]}>${inner}</${TAG[m]}>`, html);
}
