function yearMonth(date: string): [number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
}

/** How many calendar months the range of two YYYY-MM-DD dates touches (0 when `to` is before `from`). */
export function monthCount(from: string, to: string): number {
  const [y1, m1] = yearMonth(from);
  const [y2, m2] = yearMonth(to);
  return Math.max(0, (y2 - y1) * 12 + (m2 - m1) + 1);
}

/** Every `YYYY-MM` from the month of `from` to the month of `to`, in order. */
export function monthsBetween(from: string, to: string): string[] {
  let [year, month] = yearMonth(from);
  return Array.from({ length: monthCount(from, to) }, () => {
    const out = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
    return out;
  });
}
