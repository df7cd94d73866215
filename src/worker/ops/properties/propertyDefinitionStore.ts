import { type AppError, AppFailure, ok, type Result } from '../../../shared/result';
import type { ChangeFeed } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import {
  defaultOptions,
  hasOptions,
  nameKeyOf,
  nextColor,
  type OptionColor,
  optionIndex,
  type PropertyDefinition,
  type PropertyType,
} from './propertyRules';

const notFound = (name: string): AppError => ({
  code: 'NOT_FOUND',
  message: `No property definition named "${name}".`,
  field: 'name',
});

/**
 * Property definitions in the `propertyDefinitions` table: one transaction per write, refusals as
 * values (NOT_FOUND, CONFLICT, VALIDATION), announced on the change feed after commit.
 */
export function createPropertyDefinitionStore(db: VaultDb, feed: ChangeFeed, now: () => number) {
  async function write(
    name: string,
    edit: (current: PropertyDefinition | undefined) => PropertyDefinition | null,
  ): Promise<Result<PropertyDefinition | { name: string }>> {
    const key = nameKeyOf(name);
    try {
      const out = await db.transaction('rw', db.propertyDefinitions, async () => {
        const current = await db.propertyDefinitions.get(key);
        const next = edit(current);
        if (next === null) {
          await db.propertyDefinitions.delete(key);
          return { name: current?.name ?? name };
        }
        await db.propertyDefinitions.put(next);
        return next;
      });
      feed.committed([{ table: 'propertyDefinitions', op: 'put', ids: [key] }]);
      return ok(out);
    } catch (err) {
      if (err instanceof AppFailure) return { ok: false, error: err.error };
      throw err;
    }
  }

  const must = (name: string, d: PropertyDefinition | undefined): PropertyDefinition => {
    if (!d) throw new AppFailure(notFound(name));
    return d;
  };
  const choice = (d: PropertyDefinition): PropertyDefinition => {
    if (!hasOptions(d.type))
      throw new AppFailure({
        code: 'VALIDATION',
        message: `"${d.name}" is a ${d.type} property: it has no options.`,
        field: 'name',
        expected: 'a status, select or multiselect property',
      });
    return d;
  };
  const optionAt = (d: PropertyDefinition, value: string): number => {
    const i = optionIndex(d.options, value);
    if (i === -1)
      throw new AppFailure({
        code: 'NOT_FOUND',
        message: `"${d.name}" has no option "${value}".`,
        field: 'value',
      });
    return i;
  };
  const fresh = (name: string, type: PropertyType): PropertyDefinition => ({
    nameKey: nameKeyOf(name),
    name: name.trim(),
    type,
    options: defaultOptions(type),
    created: now(),
    modified: now(),
  });

  return {
    list: () => db.propertyDefinitions.orderBy('nameKey').toArray(),

    create: (name: string, type: PropertyType) =>
      write(name, (d) => {
        if (d)
          throw new AppFailure({
            code: 'CONFLICT',
            message: `A property named "${d.name}" already exists.`,
            field: 'name',
          });
        return fresh(name, type);
      }),

    /** The definition, created when missing; an existing one of another type is refused. */
    ensure: (name: string, type: PropertyType) =>
      write(name, (d) => {
        if (!d) return fresh(name, type);
        if (d.type !== type)
          throw new AppFailure({
            code: 'CONFLICT',
            message: `"${d.name}" is already a ${d.type} property.`,
            field: 'type',
            expected: d.type,
          });
        return d;
      }),

    /** Changes the type; options are kept for choice types and dropped otherwise. */
    update: (name: string, type: PropertyType) =>
      write(name, (d) => {
        const cur = must(name, d);
        return { ...cur, type, options: hasOptions(type) ? cur.options : [], modified: now() };
      }),

    remove: (name: string) =>
      write(name, (d) => {
        must(name, d);
        return null;
      }),

    /**
     * Renames a definition (its type and options kept) in one transaction; a new name that only
     * changes letter case keeps the row. CONFLICT when another definition has the new name.
     */
    async rename(from: string, to: string): Promise<Result<PropertyDefinition>> {
      const fromKey = nameKeyOf(from);
      const toKey = nameKeyOf(to);
      try {
        const out = await db.transaction('rw', db.propertyDefinitions, async () => {
          const cur = must(from, await db.propertyDefinitions.get(fromKey));
          const other = toKey === fromKey ? undefined : await db.propertyDefinitions.get(toKey);
          if (other)
            throw new AppFailure({
              code: 'CONFLICT',
              message: `A property named "${other.name}" already exists.`,
              field: 'args[1]',
            });
          const next = { ...cur, nameKey: toKey, name: to.trim(), modified: now() };
          if (toKey !== fromKey) await db.propertyDefinitions.delete(fromKey);
          await db.propertyDefinitions.put(next);
          return next;
        });
        feed.committed([
          ...(toKey === fromKey
            ? []
            : [{ table: 'propertyDefinitions', op: 'delete' as const, ids: [fromKey] }]),
          { table: 'propertyDefinitions', op: 'put', ids: [toKey] },
        ]);
        return ok(out);
      } catch (err) {
        if (err instanceof AppFailure) return { ok: false, error: err.error };
        throw err;
      }
    },

    addOption: (name: string, value: string, color?: OptionColor) =>
      write(name, (d) => {
        const cur = choice(must(name, d));
        if (optionIndex(cur.options, value) !== -1)
          throw new AppFailure({
            code: 'CONFLICT',
            message: `"${cur.name}" already has "${value}".`,
            field: 'value',
          });
        const option = { value: value.trim(), color: color ?? nextColor(cur.options) };
        return { ...cur, options: [...cur.options, option], modified: now() };
      }),

    removeOption: (name: string, value: string) =>
      write(name, (d) => {
        const cur = choice(must(name, d));
        const i = optionAt(cur, value);
        return { ...cur, options: cur.options.filter((_, j) => j !== i), modified: now() };
      }),

    renameOption: (name: string, from: string, to: string) =>
      write(name, (d) => {
        const cur = choice(must(name, d));
        const i = optionAt(cur, from);
        const clash = optionIndex(cur.options, to);
        if (clash !== -1 && clash !== i)
          throw new AppFailure({
            code: 'CONFLICT',
            message: `"${cur.name}" already has "${to}".`,
            field: 'to',
          });
        const options = cur.options.map((o, j) => (j === i ? { ...o, value: to.trim() } : o));
        return { ...cur, options, modified: now() };
      }),

    setOptionColor: (name: string, value: string, color: OptionColor) =>
      write(name, (d) => {
        const cur = choice(must(name, d));
        const i = optionAt(cur, value);
        const options = cur.options.map((o, j) => (j === i ? { ...o, color } : o));
        return { ...cur, options, modified: now() };
      }),
  };
}

export type PropertyDefinitionStore = ReturnType<typeof createPropertyDefinitionStore>;
