import type { VaultDb } from '../../db/schema';
import { nameKeyOf } from '../../ops/properties/propertyRules';

/** A property whose notes the calendar can show (notes.getCalendarPropertyNames). */
export interface CalendarDateProperty {
  name: string;
  type: 'date';
  /** true for a date-typed property definition; false for a property only notes' dates name */
  defined: boolean;
  /** shown on the calendar: true until hidden (notes.setCalendarPropertyVisibility) */
  visible: boolean;
}

type Db = Pick<VaultDb, 'notes' | 'propertyDefinitions' | 'calendarProperties'>;

/**
 * The calendar's date properties, by name key: every `date` property definition, and every
 * frontmatter property some note gives a date value (`due: 2026-11-25`) unless a definition
 * gives it another type. Reads the definitions (a small table) and the unique keys of the notes'
 * `dateProps` index (one entry per distinct name), never a note row.
 */
export async function calendarDateProperties(db: Db): Promise<Map<string, CalendarDateProperty>> {
  const [defs, used] = await Promise.all([
    db.propertyDefinitions.toArray(),
    db.notes.orderBy('dateProps').uniqueKeys(),
  ]);
  const typed = new Map(defs.map((d) => [d.nameKey, d]));
  const found = new Map<string, { name: string; defined: boolean }>();
  for (const d of defs) if (d.type === 'date') found.set(d.nameKey, { name: d.name, defined: true });
  for (const key of used) {
    const name = String(key);
    const nameKey = nameKeyOf(name);
    if (!typed.has(nameKey) && !found.has(nameKey)) found.set(nameKey, { name, defined: false });
  }
  const keys = [...found.keys()].sort();
  const rows = await db.calendarProperties.bulkGet(keys);
  return new Map(
    keys.map((k, i) => {
      const p = found.get(k) as { name: string; defined: boolean };
      return [k, { name: p.name, type: 'date', defined: p.defined, visible: rows[i]?.visible ?? true }];
    }),
  );
}
