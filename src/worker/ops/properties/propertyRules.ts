/**
 * Typed property definitions (issue 3 part 1): a frontmatter key with a type and, for the choice
 * types, options with colours. Pure rules; the store applies them in one transaction each.
 */
export const PROPERTY_TYPES = [
  'status',
  'select',
  'multiselect',
  'text',
  'number',
  'date',
  'checkbox',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Colour names the UI maps to its palette (spec 2.7 uses colour names for tags too). */
export const OPTION_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'] as const;
export type OptionColor = (typeof OPTION_COLORS)[number];

export interface PropertyOption {
  value: string;
  color: OptionColor;
}

export interface PropertyDefinition {
  /** lower-cased NFC name: frontmatter keys compare case-insensitively, as Obsidian's do */
  nameKey: string;
  name: string;
  type: PropertyType;
  /** status, select and multiselect only; [] for the others */
  options: PropertyOption[];
  created: number;
  modified: number;
}

export const hasOptions = (type: PropertyType) =>
  type === 'status' || type === 'select' || type === 'multiselect';

export const nameKeyOf = (name: string) => name.normalize('NFC').trim().toLowerCase();

/** Statuses start with the three a board needs; other choice types start empty. */
export function defaultOptions(type: PropertyType): PropertyOption[] {
  return type === 'status'
    ? [
        { value: 'Not started', color: 'gray' },
        { value: 'In progress', color: 'blue' },
        { value: 'Done', color: 'green' },
      ]
    : [];
}

/** The next colour for a new option: the palette in turn, skipping gray. */
export function nextColor(options: readonly PropertyOption[]): OptionColor {
  const palette = OPTION_COLORS.slice(1);
  return palette[options.length % palette.length] ?? 'blue';
}

/** The option matching `value` case-insensitively, or -1. */
export function optionIndex(options: readonly PropertyOption[], value: string): number {
  const key = value.normalize('NFC').trim().toLowerCase();
  return options.findIndex((o) => o.value.normalize('NFC').toLowerCase() === key);
}
