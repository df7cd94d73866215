import { For, type JSX } from 'solid-js';
import { asNode } from '../../worker/ops/schema';
import { type SettingsGroupName, settingsGroup } from '../../worker/settings/settingsGroups';
import type { Settings } from './createSettings';
import { SettingField } from './SettingField';

interface Props {
  settings: Settings;
  group: SettingsGroupName;
  /** the section's heading; the group's label unless given */
  title?: string;
  children?: JSX.Element;
}

/** One settings group as a labelled section: a control per field, drawn from the group's schema. */
export function SettingsGroupForm(props: Props) {
  const def = () => settingsGroup(props.group);
  const headingId = () => `settings-${props.group}`;
  const fields = () => Object.entries(def()?.schema.properties ?? {});
  return (
    <section aria-labelledby={headingId()} data-group={props.group}>
      <h3 id={headingId()}>{props.title ?? def()?.label}</h3>
      <p class="muted">{def()?.syncs ? 'Synced with the vault.' : 'Kept on this device only.'}</p>
      <For each={fields()}>
        {([field, schema]) => (
          <SettingField
            id={`${props.group}.${field}`}
            schema={asNode(schema)}
            value={(props.settings.value(props.group) as Record<string, unknown>)[field]}
            onSet={(value) => props.settings.set(props.group, { [field]: value })}
          />
        )}
      </For>
      {props.children}
    </section>
  );
}
