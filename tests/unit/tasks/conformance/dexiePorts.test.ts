import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openVaultDb } from '../../../../src/worker/db/schema';
import { dexieTaskQuery } from '../../../../src/worker/planning/tasks/dexieTaskQuery';
import { dexieTaskRead } from '../../../../src/worker/planning/tasks/dexieTaskRead';
import { toTaskRow } from '../../../../src/worker/planning/tasks/taskRows';
import { describeTaskQueryPort, describeTaskReadPort, type Seed } from './taskPortSuites';

/** The worker's Dexie ports against the same suites as the in-memory reference (fake-indexeddb). */
let n = 0;
async function seeded(seed: Seed) {
  const db = openVaultDb(`conformance-${++n}`, new IDBFactory(), IDBKeyRange);
  await db.open();
  await db.tasks.bulkPut(seed.tasks.map(toTaskRow));
  await db.projects.bulkPut([...seed.projects]);
  await db.statuses.bulkPut([...seed.statuses]);
  return db;
}

describeTaskQueryPort('Dexie', async (seed) => dexieTaskQuery(await seeded(seed)));
describeTaskReadPort('Dexie', async (seed) => dexieTaskRead(await seeded(seed)));
