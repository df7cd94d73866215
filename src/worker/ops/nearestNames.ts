function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * The names an agent most likely meant: those sharing the namespace (`notes.` of `notes.lst`)
 * or within a few edits, closest first, at most `max`. Case is ignored in the comparison.
 */
export function nearestNames(wanted: string, names: readonly string[], max = 5): string[] {
  const w = wanted.toLowerCase();
  const namespace = w.includes('.') ? w.slice(0, w.indexOf('.') + 1) : null;
  return names
    .map((name) => ({ name, d: distance(w, name.toLowerCase()) }))
    .filter(({ name, d }) => d <= 3 || (namespace !== null && name.toLowerCase().startsWith(namespace)))
    .sort((x, y) => x.d - y.d || x.name.localeCompare(y.name))
    .slice(0, max)
    .map(({ name }) => name);
}
