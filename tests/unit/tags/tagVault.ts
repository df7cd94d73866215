import 'fake-indexeddb/auto';
import { createRegistry } from '../../../src/worker/ops/registry';
import { planningOperations } from '../../../src/worker/planning';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { openTestVault } from '../planning/harness';

/**
 * The planning test vault with the real notes store beside it, sharing one bodies instance with
 * the tag operations (as the vault worker wires them): notes are made with `note(title, md)`.
 */
export async function openTagVault() {
  const v = await openTestVault();
  const bodies = createNoteBodies(v.services, null);
  await bodies.links.ensureLoaded();
  const notes = createNotesStore({ ...v.services, bodies });
  const registry = createRegistry(planningOperations(v.services, 'UTC', bodies));
  const ui = { caller: { kind: 'ui' } } as const;
  const note = async (title: string, content: string) => {
    const res = await notes.create({ title, markdown: content });
    if (!res.ok) throw new Error(res.error.message);
    return res.value.id;
  };
  const markdown = async (id: string) => (await v.db.bodies.get(id))?.markdown ?? '';
  return {
    ...v,
    note,
    markdown,
    read: (op: string, ...args: unknown[]) => registry.read(op, args, ui),
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'once' }),
  };
}
