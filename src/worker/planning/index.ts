import type { Operation } from '../ops/defineOperation';
import type { VaultServices } from '../vault/services';

/** The planning half's operations (tasks, projects, journal, inbox, ...), registered as they are built. */
export function planningOperations(_services: VaultServices): Operation[] {
  return [];
}
