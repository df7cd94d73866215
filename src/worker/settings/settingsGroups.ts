import type { Infer } from '../ops/schema';
import type { GroupSchema, SettingsGroupDef } from './defineSettingsGroup';
import { aiSettings } from './groups/aiSettings';
import { backupSettings } from './groups/backupSettings';
import { calendarSettings } from './groups/calendarSettings';
import { editorSettings } from './groups/editorSettings';
import { featuresSettings } from './groups/featuresSettings';
import { generalSettings } from './groups/generalSettings';
import { graphSettings } from './groups/graphSettings';
import { inboxSettings } from './groups/inboxSettings';
import { journalSettings } from './groups/journalSettings';
import { keyboardSettings } from './groups/keyboardSettings';
import { noteEditorSettings } from './groups/noteEditorSettings';
import { syncSettings } from './groups/syncSettings';
import { tabSettings } from './groups/tabSettings';
import { taskSettings } from './groups/taskSettings';
import { voiceTranscriptionSettings } from './groups/voiceTranscriptionSettings';

/** Every settings group of spec 4.4/4.5, in the order the settings UI lists them. */
export const SETTINGS_GROUPS = [
  generalSettings,
  editorSettings,
  noteEditorSettings,
  taskSettings,
  journalSettings,
  inboxSettings,
  calendarSettings,
  graphSettings,
  featuresSettings,
  keyboardSettings,
  tabSettings,
  aiSettings,
  voiceTranscriptionSettings,
  syncSettings,
  backupSettings,
] as const;

type AnyGroup = (typeof SETTINGS_GROUPS)[number];

export type SettingsGroupName = AnyGroup['name'];

/** The full value of each group, by name: `SettingsValues['general']` is `{theme: ...}`. */
export type SettingsValues = {
  [G in AnyGroup as G['name']]: Infer<G['schema']>;
};

export type SettingsPatch<N extends SettingsGroupName> = Partial<SettingsValues[N]>;

export const SETTINGS_GROUP_NAMES = SETTINGS_GROUPS.map((g) => g.name) as SettingsGroupName[];

const byName = new Map<string, SettingsGroupDef<string, GroupSchema>>(
  SETTINGS_GROUPS.map((g): [string, SettingsGroupDef<string, GroupSchema>] => [g.name, g]),
);

export function settingsGroup(name: string): SettingsGroupDef<string, GroupSchema> | undefined {
  return byName.get(name);
}

/** Every single-setting key, `group.field`, as settings.get/set take it. */
export const SETTING_KEYS: readonly string[] = SETTINGS_GROUPS.flatMap((g) =>
  Object.keys(g.schema.properties).map((f) => `${g.name}.${f}`),
);

/** Splits `group.field` into its group and field when both exist. */
export function parseSettingKey(
  key: string,
): { group: SettingsGroupDef<string, GroupSchema>; field: string } | null {
  const dot = key.indexOf('.');
  if (dot < 0) return null;
  const group = byName.get(key.slice(0, dot));
  const field = key.slice(dot + 1);
  if (group === undefined || !Object.hasOwn(group.schema.properties, field)) return null;
  return { group, field };
}
