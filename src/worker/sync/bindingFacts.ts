import type { LocalFacts } from '../../sync/engine/binding/bindingFlow';
import type { VaultDb } from '../db/schema';
import type { VectorClock } from '../domain/clock/vectorClock';
import { untouchedWelcomeIds } from '../stores/welcome';

const foreign = (clock: VectorClock | undefined, self: string) =>
  clock !== undefined && Object.keys(clock).some((device) => device !== self);

/**
 * The facts of spec 3.5 read from the vault's IndexedDB. Both answers stop at the first row
 * that decides them, so a large vault costs one cursor step when it has content, and a full scan
 * of its clocks only when nothing foreign is found (once, at sign-in).
 */
export function createBindingFacts(db: VaultDb, installDeviceId: string): LocalFacts {
  return {
    async hasLocalContent() {
      if ((await db.tasks.count()) > 0 || (await db.inbox.count()) > 0) return true;
      // files outside dot-directories: a note in `.trash/` or `.cairn/` does not count, nor the
      // welcome note a fresh device made itself while untouched (domain/notes/welcomeNote.ts)
      const welcome = new Set(await untouchedWelcomeIds(db));
      const note = await db.notes
        .filter((n) => !n.folderPath.split('/').some((p) => p.startsWith('.')) && !welcome.has(n.id))
        .first();
      return note !== undefined;
    },
    async foreignClocks() {
      const task = await db.tasks.filter((t) => foreign(t.clock, installDeviceId)).first();
      if (task) return true;
      const item = await db.inbox.filter((i) => foreign(i.clock, installDeviceId)).first();
      if (item) return true;
      const note = await db.syncClocks
        .where('type')
        .equals('note')
        .filter((c) => foreign(c.clock, installDeviceId))
        .first();
      return note !== undefined;
    },
  };
}
