import type { Schema } from '../ops/schema';

/**
 * A settings group's schema: a closed object listing every field. The stored and returned value
 * has every field (`required` lists them all); a patch has any subset (see patchSchemaOf).
 */
export interface GroupSchema {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly properties: Readonly<Record<string, Schema>>;
  readonly required: readonly string[];
}

export interface SettingsGroupDef<N extends string = string, S extends GroupSchema = GroupSchema> {
  /** the group's name: the prefix of its keys (`general.theme`) and of settings.get/set */
  readonly name: N;
  /** the operation suffix: settings.get<Op>Settings / settings.set<Op>Settings */
  readonly op: string;
  /** what the settings UI calls the group */
  readonly label: string;
  /**
   * Whether the group travels with the vault to the user's other devices (sync). Device-local
   * groups describe this browser (its keyboard, its theme, its microphone) and never sync.
   */
  readonly syncs: boolean;
  readonly schema: S;
  /**
   * A value for every field. Its types are checked against the schema by the settings unit tests
   * (inferring them here, for every group at once, is more than the compiler can take).
   */
  readonly defaults: { readonly [K in keyof S['properties']]: unknown };
}

/** Defines a group once; its schema gives the value's type (SettingsValues). */
export function defineSettingsGroup<const N extends string, const S extends GroupSchema>(
  def: SettingsGroupDef<N, S>,
): SettingsGroupDef<N, S> {
  return def;
}

/** The schema of a patch: the same fields, each optional, nothing else. */
export function patchSchemaOf(schema: GroupSchema) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: schema.properties,
  } as const;
}
