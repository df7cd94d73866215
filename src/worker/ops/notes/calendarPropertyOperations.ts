import type { ChangeFeed } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import { calendarDateProperties } from '../../planning/calendar/calendarDateProperties';
import { defineOperation, type Operation } from '../defineOperation';
import { nameKeyOf } from '../properties/propertyRules';
import { fail, ok } from '../result';

/**
 * notes.getCalendarPropertyNames / setCalendarPropertyVisibility (spec 4.4/4.5): the date
 * properties whose notes the calendar shows (calendar.getRange's `notes`), and whether it does.
 * A date property is a `date` definition or a frontmatter property some note gives a date value
 * (unless defined with another type); it is visible until hidden. The choice is local to the
 * device (noteLayoutTables.ts).
 */
export function calendarPropertyOperations(
  db: Pick<VaultDb, 'calendarProperties' | 'notes' | 'propertyDefinitions'>,
  feed: Pick<ChangeFeed, 'committed'>,
): Operation[] {
  return [
    defineOperation({
      name: 'notes.getCalendarPropertyNames',
      summary:
        'The date properties the calendar can show notes by (date definitions and frontmatter keys with date values), each {name, type, defined, visible}, by name',
      kind: 'read',
      params: [] as const,
      handler: async () => ok([...(await calendarDateProperties(db)).values()]),
    }),
    defineOperation({
      name: 'notes.setCalendarPropertyVisibility',
      summary:
        'Show or hide on the calendar the notes dated by one date property (calendar.getRange answers the visible ones)',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'name', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
        { name: 'visible', required: true, schema: { type: 'boolean' } },
      ] as const,
      handler: async ([name, visible]) => {
        const nameKey = nameKeyOf(name);
        const prop = (await calendarDateProperties(db)).get(nameKey);
        if (!prop) {
          const def = await db.propertyDefinitions.get(nameKey);
          return def
            ? fail('VALIDATION', `"${def.name}" is a ${def.type} property, not a date`, {
                field: 'args[0]',
                expected: 'the name of a date property',
              })
            : fail('NOT_FOUND', `No date property named "${name}"`, { field: 'args[0]' });
        }
        await db.calendarProperties.put({ nameKey, visible });
        feed.committed([{ table: 'calendarProperties', op: 'put', ids: [nameKey] }]);
        return ok({ name: prop.name, visible });
      },
    }),
  ];
}
