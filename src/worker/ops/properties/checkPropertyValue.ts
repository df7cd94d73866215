import type { OpError } from '../result';
import { optionIndex, type PropertyDefinition } from './propertyRules';

/**
 * Whether `value` fits a property's definition: number a finite number, checkbox a boolean, date
 * `YYYY-MM-DD`, text a string, status/select one of the options, multiselect a list of options.
 * null always fits (an empty property). Returns the refusal, or null when it fits.
 */
export function checkPropertyValue(def: PropertyDefinition, value: unknown, field: string): OpError | null {
  if (value === null) return null;
  const refuse = (expected: string, allowed?: readonly unknown[]): OpError => ({
    code: 'VALIDATION',
    message: `"${def.name}" is a ${def.type} property: ${expected} expected.`,
    field,
    expected,
    ...(allowed ? { allowed } : {}),
  });
  const options = def.options.map((o) => o.value);
  switch (def.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : refuse('a number');
    case 'checkbox':
      return typeof value === 'boolean' ? null : refuse('true or false');
    case 'date':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? null
        : refuse('a date YYYY-MM-DD');
    case 'text':
      return typeof value === 'string' ? null : refuse('text');
    case 'status':
    case 'select':
      return typeof value === 'string' && optionIndex(def.options, value) !== -1
        ? null
        : refuse('one of the options', options);
    case 'multiselect':
      return Array.isArray(value) &&
        value.every((v) => typeof v === 'string' && optionIndex(def.options, v) !== -1)
        ? null
        : refuse('a list of the options', options);
  }
}
