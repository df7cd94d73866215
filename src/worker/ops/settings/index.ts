import type { DeviceFactsPort } from '../../settings/deviceFacts';
import type { SettingsStore } from '../../settings/settingsStore';
import type { Operation } from '../defineOperation';
import { settingsGroupOperations } from './settingsGroupOperations';
import { settingsKeyOperations } from './settingsKeyOperations';
import { settingsStatusOperations } from './settingsStatusOperations';

/** Every settings.* operation of spec 4.4/4.5. */
export function settingsOperations(store: SettingsStore, device: DeviceFactsPort): Operation[] {
  return [
    ...settingsGroupOperations(store),
    ...settingsKeyOperations(store),
    ...settingsStatusOperations(store, device),
  ];
}
