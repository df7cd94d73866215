import type { StatePort } from '../ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from './cursorRepair';

/**
 * Set once a pull of this binding delivered (read the feed to its end); cleared by binding
 * (bindingFlow.ts). Cairn's own state name (spec 2.12 lists the spec's; this one is additive).
 */
export const PULL_DELIVERED = 'pullDelivered';

/**
 * "Fresh device" (spec 3.7 "`LAST_CURSOR` absent", 3.4): this binding has never pulled the feed.
 * Cairn writes `LAST_CURSOR` 0 when it binds (bindingFlow.ts) and when it makes a local vault for
 * an account's vault (accountVaults.ts), and the cursor repair (3.8) sets it back to 0 on a device
 * that HAS pulled, so "absent" alone never fires and "0" alone misfires. The rule
 * (docs/packs.md, "A fresh device"): `LAST_CURSOR` absent or 0, no pull of this binding
 * delivered (`pullDelivered` absent), and no cursor repair pending. A device whose first pull
 * stopped midway (a 429, offline) is still fresh: the pack path runs again, and skips every pack
 * already applied (`PACKS_APPLIED_THROUGH_CURSOR`, per-note watermarks).
 */
export async function isFreshDevice(state: StatePort): Promise<boolean> {
  const cursor = await state.get<number>(LAST_CURSOR);
  if (cursor !== undefined && cursor !== 0) return false;
  if ((await state.get<boolean>(PULL_DELIVERED)) === true) return false;
  const repair = await state.get<string>(CURSOR_SKIP_REPAIR);
  return !repair?.startsWith('pending:');
}
