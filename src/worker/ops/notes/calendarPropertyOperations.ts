import type { ChangeFeed } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import { defineOperation, type Operation } from '../defineOperation';
import type { PropertyDefinitionStore } from '../properties/propertyDefinitionStore';
import { nameKeyOf } from '../properties/propertyRules';
import { fail, ok } from '../result';

/**
 * notes.getCalendarPropertyNames / setCalendarPropertyVisibility (spec 4.4/4.5): the date
 * properties whose notes the calendar can show, and whether it does. A date property is visible
 * until hidden. The choice is local to the device (noteLayoutTables.ts).
 */
export function calendarPropertyOperations(
  db: Pick<VaultDb, 'calendarProperties'>,
  defs: Pick<PropertyDefinitionStore, 'list'>,
  feed: Pick<ChangeFeed, 'committed'>,
): Operation[] {
  return [
    defineOperation({
      name: 'notes.getCalendarPropertyNames',
      summary:
        'The date property definitions, each with its calendar visibility flag (stored; the calendar view does not list notes by date property yet)',
      kind: 'read',
      params: [] as const,
      handler: async () => {
        const dates = (await defs.list()).filter((d) => d.type === 'date');
        const rows = await db.calendarProperties.bulkGet(dates.map((d) => d.nameKey));
        return ok(dates.map((d, i) => ({ name: d.name, type: d.type, visible: rows[i]?.visible ?? true })));
      },
    }),
    defineOperation({
      name: 'notes.setCalendarPropertyVisibility',
      summary:
        'Set the calendar visibility flag of one date property (stored and read back; the calendar view does not list notes by date property yet)',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'name', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
        { name: 'visible', required: true, schema: { type: 'boolean' } },
      ] as const,
      handler: async ([name, visible]) => {
        const def = (await defs.list()).find((d) => d.nameKey === nameKeyOf(name));
        if (!def) return fail('NOT_FOUND', `No property definition named "${name}"`, { field: 'args[0]' });
        if (def.type !== 'date')
          return fail('VALIDATION', `"${def.name}" is a ${def.type} property, not a date`, {
            field: 'args[0]',
            expected: 'the name of a date property',
          });
        await db.calendarProperties.put({ nameKey: def.nameKey, visible });
        feed.committed([{ table: 'calendarProperties', op: 'put', ids: [def.nameKey] }]);
        return ok({ name: def.name, visible });
      },
    }),
  ];
}
