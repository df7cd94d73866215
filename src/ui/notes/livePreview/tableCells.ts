/**
 * A GFM table's cells with their source offsets, so a rendered table can put the cursor in the
 * markdown of the cell clicked (typing there edits that cell). Rows are the table's lines minus
 * the delimiter row (`|---|:-:|`); a cell's `from..to` is its trimmed text, relative to the
 * table's start. `\|` does not split a cell. Pure.
 */
export interface TableCell {
  text: string;
  from: number;
  to: number;
}

export interface TableModel {
  header: TableCell[];
  rows: TableCell[][];
  align: ('left' | 'center' | 'right' | null)[];
}

const DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

function splitRow(line: string, offset: number): TableCell[] {
  const cells: TableCell[] = [];
  let start = 0;
  let end = line.length;
  const lead = /^\s*\|/.exec(line);
  if (lead) start = lead[0].length;
  const trail = /\|\s*$/.exec(line);
  if (trail && trail.index >= start && line[trail.index - 1] !== '\\') end = trail.index;
  let cellStart = start;
  for (let i = start; i <= end; i++) {
    if (i === end || (line[i] === '|' && line[i - 1] !== '\\')) {
      const raw = line.slice(cellStart, i);
      const left = raw.length - raw.trimStart().length;
      const text = raw.trim();
      cells.push({ text, from: offset + cellStart + left, to: offset + cellStart + left + text.length });
      cellStart = i + 1;
    }
  }
  return cells;
}

export function tableCells(source: string): TableModel | null {
  const lines = source.split('\n');
  if (lines.length < 2 || !DELIMITER.test(lines[1]!)) return null;
  let offset = 0;
  const rows: TableCell[][] = [];
  let header: TableCell[] = [];
  let align: TableModel['align'] = [];
  lines.forEach((line, i) => {
    if (i === 0) header = splitRow(line, offset);
    else if (i === 1)
      align = splitRow(line, offset).map((c) => {
        const l = c.text.startsWith(':');
        const r = c.text.endsWith(':');
        return l && r ? 'center' : r ? 'right' : l ? 'left' : null;
      });
    else if (line.trim() !== '') rows.push(splitRow(line, offset));
    offset += line.length + 1;
  });
  return { header, rows, align };
}
