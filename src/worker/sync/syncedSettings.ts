/**
 * Which rows of the `settings` table sync (item type `setting`, id = the row key). A settings row
 * is keyed `<group>` or `<group>.<name>`; the groups below describe this device (its sync service,
 * backups, keyboard, voice input, open tabs) and never leave it. Everything else is a vault
 * preference and follows the vault to every device (docs/sync-client.md, docs/settings.md).
 */
const LOCAL_ONLY_GROUPS: ReadonlySet<string> = new Set([
  'sync',
  'backup',
  'keyboard',
  'voiceTranscription',
  'tab',
]);

export function settingSyncs(key: string): boolean {
  const group = key.split('.', 1)[0] ?? key;
  return !LOCAL_ONLY_GROUPS.has(group);
}
