import { EditorView, WidgetType } from '@codemirror/view';
import { renderInline } from './renderInline';
import type { TableCell, TableModel } from './tableCells';

/**
 * A GFM table drawn as a table while no selection is in it. Pressing a cell puts the cursor at
 * the end of that cell's markdown, which reveals the table as source there: typing edits the
 * cell's text, nothing else (the markdown stays the only copy).
 */
export class TableWidget extends WidgetType {
  constructor(
    readonly source: string,
    readonly model: TableModel,
  ) {
    super();
  }
  override eq(other: TableWidget) {
    return other.source === this.source;
  }
  toDOM(view: EditorView) {
    const wrap = document.createElement('div');
    wrap.className = 'cm-lp-table-wrap';
    const table = document.createElement('table');
    table.className = 'cm-lp-table';
    const row = (cells: TableCell[], tag: 'th' | 'td') => {
      const tr = document.createElement('tr');
      this.model.header.forEach((_, i) => {
        const cell = cells[i];
        const el = document.createElement(tag);
        if (tag === 'th') el.scope = 'col';
        const align = this.model.align[i];
        if (align) el.style.textAlign = align;
        if (cell) {
          renderInline(cell.text, el);
          el.dataset.lpCell = String(cell.to);
        }
        tr.append(el);
      });
      return tr;
    };
    const head = document.createElement('thead');
    head.append(row(this.model.header, 'th'));
    const body = document.createElement('tbody');
    for (const r of this.model.rows) body.append(row(r, 'td'));
    table.append(head, body);
    wrap.append(table);
    wrap.addEventListener('mousedown', (e) => {
      if (!view.state.facet(EditorView.editable)) return;
      const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-lp-cell]');
      const start = view.posAtDOM(wrap);
      const at = cell ? start + Number(cell.dataset.lpCell) : start;
      e.preventDefault();
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    });
    return wrap;
  }
  override ignoreEvent() {
    return true;
  }
}
