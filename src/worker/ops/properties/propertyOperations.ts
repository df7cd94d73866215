import type { Result as AppResult } from '../../../shared/result';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok, type Result } from '../result';
import type { PropertyDefinitionStore } from './propertyDefinitionStore';
import { OPTION_COLORS, PROPERTY_TYPES } from './propertyRules';

const NAME = { type: 'string', minLength: 1, maxLength: 100 } as const;
const VALUE = { type: 'string', minLength: 1, maxLength: 200 } as const;
const TYPE = { enum: PROPERTY_TYPES } as const;
const COLOR = { enum: OPTION_COLORS } as const;

const passOn = <T>(r: AppResult<T>): Result<T> => r;

/** Typed property definitions (spec 4.4 notes.getPropertyDefinitions, 4.5 notes.*PropertyDefinition / options). */
export function propertyOperations(defs: PropertyDefinitionStore): Operation[] {
  const write = { kind: 'write', requiresApproval: true } as const;
  return [
    defineOperation({
      name: 'notes.getPropertyDefinitions',
      summary: 'Every typed property definition (name, type, options with colours), by name',
      kind: 'read',
      params: [] as const,
      handler: async () => ok(await defs.list()),
    }),
    defineOperation({
      ...write,
      name: 'notes.createPropertyDefinition',
      summary: 'Define a typed property (status, select, multiselect, text, number, date, checkbox)',
      params: [
        { name: 'name', required: true, schema: NAME },
        { name: 'type', required: true, schema: TYPE },
      ] as const,
      handler: async ([name, type]) => passOn(await defs.create(name, type)),
    }),
    defineOperation({
      ...write,
      name: 'notes.ensurePropertyDefinition',
      summary:
        'The choice property definition, created when missing (refused when it exists with another type)',
      params: [
        { name: 'name', required: true, schema: NAME },
        { name: 'type', required: true, schema: { enum: ['status', 'select', 'multiselect'] } },
      ] as const,
      handler: async ([name, type]) => passOn(await defs.ensure(name, type)),
    }),
    defineOperation({
      ...write,
      name: 'notes.updatePropertyDefinition',
      summary: "Change a property definition's type (options kept for choice types)",
      params: [
        { name: 'name', required: true, schema: NAME },
        {
          name: 'changes',
          required: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['type'],
            properties: { type: TYPE },
          },
        },
      ] as const,
      handler: async ([name, changes]) => passOn(await defs.update(name, changes.type)),
    }),
    defineOperation({
      ...write,
      name: 'notes.deletePropertyDefinition',
      summary: 'Delete a property definition (the notes keep their values)',
      params: [{ name: 'name', required: true, schema: NAME }] as const,
      handler: async ([name]) => passOn(await defs.remove(name)),
    }),
    defineOperation({
      ...write,
      name: 'notes.addPropertyOption',
      summary: 'Add an option to a status, select or multiselect property',
      params: [
        { name: 'name', required: true, schema: NAME },
        { name: 'value', required: true, schema: VALUE },
        { name: 'color', required: false, schema: COLOR },
      ] as const,
      handler: async ([name, value, color]) => passOn(await defs.addOption(name, value, color)),
    }),
    defineOperation({
      ...write,
      name: 'notes.addStatusOption',
      summary: 'Add an option to a status property',
      params: [
        { name: 'name', required: true, schema: NAME },
        { name: 'value', required: true, schema: VALUE },
        { name: 'color', required: false, schema: COLOR },
      ] as const,
      handler: async ([name, value, color]) => {
        const current = (await defs.list()).find((d) => d.name.toLowerCase() === name.trim().toLowerCase());
        if (current && current.type !== 'status')
          return fail('VALIDATION', `"${current.name}" is a ${current.type} property, not a status.`, {
            field: 'args[0]',
            expected: 'a status property',
          });
        return passOn(await defs.addOption(name, value, color));
      },
    }),
    defineOperation({
      ...write,
      name: 'notes.removePropertyOption',
      summary: 'Remove an option from a choice property (the notes keep their values)',
      params: [
        { name: 'name', required: true, schema: NAME },
        { name: 'value', required: true, schema: VALUE },
      ] as const,
      handler: async ([name, value]) => passOn(await defs.removeOption(name, value)),
    }),
    defineOperation({
      ...write,
      name: 'notes.renamePropertyOption',
      summary: 'Rename an option of a choice property',
      params: [
        { name: 'name', required: true, schema: NAME },
        { name: 'from', required: true, schema: VALUE },
        { name: 'to', required: true, schema: VALUE },
      ] as const,
      handler: async ([name, from, to]) => passOn(await defs.renameOption(name, from, to)),
    }),
    defineOperation({
      ...write,
      name: 'notes.updateOptionColor',
      summary: "Change an option's colour",
      params: [
        { name: 'name', required: true, schema: NAME },
        { name: 'value', required: true, schema: VALUE },
        { name: 'color', required: true, schema: COLOR },
      ] as const,
      handler: async ([name, value, color]) => passOn(await defs.setOptionColor(name, value, color)),
    }),
  ];
}
