import type { Table } from 'dexie';
import fc from 'fast-check';
import * as Y from 'yjs';
import type { Device } from '../sync/syncDevice';
import type { World } from './simWorld';

/**
 * The simulation's operations (issue 18 part 1): edits over notes and their bodies, tasks,
 * projects, journal entries (two dates, so two devices write one date), tag definitions (ids
 * derived from the name, so two devices write one tag), canvases, deletes; syncs, partitions and
 * crashes. `pick` chooses among the items created so far; a pick of an item a device no longer
 * holds is skipped.
 */
export type Op =
  | { kind: 'createNote' | 'createTask' | 'createProject' | 'createCanvas'; dev: number }
  | { kind: 'typeNote'; dev: number; pick: number; at: number }
  | {
      kind: 'renameNote' | 'deleteNote' | 'deleteTask' | 'deleteProject' | 'deleteCanvas';
      dev: number;
      pick: number;
    }
  | { kind: 'editTask'; dev: number; pick: number; priority: number; project: number }
  | { kind: 'journal'; dev: number; day: number }
  | { kind: 'deleteJournal'; dev: number; day: number }
  | { kind: 'tagColor'; dev: number; tag: number; color: number }
  | { kind: 'sync'; dev: number }
  | { kind: 'crash'; dev: number; atRequest: number; afterMs: number }
  | { kind: 'partition'; dev: number; steps: number };

export const DAYS = ['2026-11-20', '2026-11-21'];
const TAGS = ['alpha', 'beta'];
const COLORS = ['red', 'green', 'blue', null] as const;

export function opArb(devices: number): fc.Arbitrary<Op> {
  const dev = fc.integer({ min: 0, max: devices - 1 });
  const pick = fc.nat(50);
  const of = <K extends Op['kind']>(kind: K) => fc.constant(kind);
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: of('createNote'), dev }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: of('typeNote'),
        dev,
        pick,
        at: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: of('renameNote'), dev, pick }) },
    { weight: 1, arbitrary: fc.record({ kind: of('deleteNote'), dev, pick }) },
    { weight: 2, arbitrary: fc.record({ kind: of('createTask'), dev }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: of('editTask'),
        dev,
        pick,
        priority: fc.integer({ min: 0, max: 4 }),
        project: fc.nat(10),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: of('deleteTask'), dev, pick }) },
    { weight: 1, arbitrary: fc.record({ kind: of('createProject'), dev }) },
    { weight: 1, arbitrary: fc.record({ kind: of('deleteProject'), dev, pick }) },
    { weight: 2, arbitrary: fc.record({ kind: of('journal'), dev, day: fc.nat(DAYS.length - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: of('deleteJournal'), dev, day: fc.nat(DAYS.length - 1) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: of('tagColor'),
        dev,
        tag: fc.nat(TAGS.length - 1),
        color: fc.nat(COLORS.length - 1),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: of('createCanvas'), dev }) },
    { weight: 1, arbitrary: fc.record({ kind: of('deleteCanvas'), dev, pick }) },
    { weight: 6, arbitrary: fc.record({ kind: of('sync'), dev }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: of('crash'),
        dev,
        atRequest: fc.nat(6),
        afterMs: fc.integer({ min: 0, max: 40 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: of('partition'), dev, steps: fc.integer({ min: 2, max: 6 }) }),
    },
  );
}

/** What the run did locally: every write that returned ok, to check nothing was lost. */
export interface Ledger {
  created: Record<'notes' | 'tasks' | 'projects' | 'canvases', string[]>;
  deleted: Set<string>;
  /** text typed into a note body, each a unique token */
  tokens: { note: string; text: string }[];
}

export const newLedger = (): Ledger => ({
  created: { notes: [], tasks: [], projects: [], canvases: [] },
  deleted: new Set(),
  tokens: [],
});

async function typeInto(d: Device, noteId: string, at: number, text: string): Promise<boolean> {
  const opened = await d.bodies.open(noteId);
  if (!opened.ok) return false;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, opened.value as Uint8Array);
  const ytext = doc.getText('markdown');
  const before = Y.encodeStateVector(doc);
  ytext.insert(Math.floor(at * ytext.length), text);
  return (await d.bodies.applyUpdate(noteId, Y.encodeStateAsUpdate(doc, before))).ok;
}

/** the ids a write added to `table` */
async function added(table: Table, write: () => Promise<{ ok: boolean }>): Promise<string[]> {
  const before = new Set((await table.toCollection().primaryKeys()) as string[]);
  if (!(await write()).ok) return [];
  return ((await table.toCollection().primaryKeys()) as string[]).filter((k) => !before.has(k));
}

const pickOf = (list: string[], n: number) => list[n % Math.max(1, list.length)];

/** One local edit (syncs, crashes and partitions are the world's, see the property). */
export async function applyEdit(op: Op, step: number, world: World, ledger: Ledger): Promise<void> {
  const d = world.devices[op.dev]!.current;
  const tag = `${world.devices[op.dev]!.name}${step}`;
  const created = ledger.created;
  switch (op.kind) {
    case 'createNote':
      created.notes.push(
        ...(await added(d.db.notes, () => d.notes.create({ title: `N${tag}`, markdown: `n ${tag}` }))),
      );
      return;
    case 'typeNote': {
      const note = pickOf(created.notes, op.pick);
      const text = ` <${tag}> `;
      if (note && (await d.db.notes.get(note)) && (await typeInto(d, note, op.at, text)))
        ledger.tokens.push({ note, text });
      return;
    }
    case 'renameNote': {
      const note = pickOf(created.notes, op.pick);
      if (note && (await d.db.notes.get(note))) await d.notes.rename(note, `R${tag}`);
      return;
    }
    case 'deleteNote':
    case 'deleteTask':
    case 'deleteProject':
    case 'deleteCanvas': {
      const [list, table, write] = {
        deleteNote: [created.notes, d.db.notes, (id: string) => d.notes.delete(id)],
        deleteTask: [created.tasks, d.db.tasks, (id: string) => d.write('tasks.delete', id)],
        deleteProject: [created.projects, d.db.projects, (id: string) => d.write('tasks.deleteProject', id)],
        deleteCanvas: [created.canvases, d.db.canvases, (id: string) => d.write('canvas.delete', id)],
      }[op.kind] as [string[], Table, (id: string) => Promise<unknown>];
      const id = pickOf(list, op.pick);
      if (id && (await table.get(id))) {
        await write(id);
        if (!(await table.get(id))) ledger.deleted.add(id);
      }
      return;
    }
    case 'createTask':
      created.tasks.push(...(await added(d.db.tasks, () => d.write('tasks.create', { title: `T${tag}` }))));
      return;
    case 'editTask': {
      const task = pickOf(created.tasks, op.pick);
      const project = pickOf(created.projects, op.project);
      if (!task || !(await d.db.tasks.get(task))) return;
      const inProject = project && (await d.db.projects.get(project)) ? { projectId: project } : {};
      await d.write('tasks.update', task, { priority: op.priority, ...inProject });
      return;
    }
    case 'createProject':
      created.projects.push(
        ...(await added(d.db.projects, () => d.write('tasks.createProject', { name: `P${tag}` }))),
      );
      return;
    case 'createCanvas':
      created.canvases.push(
        ...(await added(d.db.canvases, () => d.write('canvas.create', { title: `C${tag}` }))),
      );
      return;
    case 'journal': {
      const date = DAYS[op.day]!;
      const existing = await d.read('journal.getEntry', date);
      const text = existing.ok ? ((existing.value as { content?: string } | null)?.content ?? null) : null;
      if (text === null) await d.write('journal.createEntry', { date, content: `j ${tag}` });
      else await d.write('journal.updateEntry', date, { content: `${text}\nj ${tag}` });
      return;
    }
    case 'deleteJournal':
      await d.write('journal.deleteEntry', DAYS[op.day]!);
      return;
    case 'tagColor':
      await d.write('tags.updateTagColor', TAGS[op.tag]!, COLORS[op.color]!);
      return;
    default:
      return;
  }
}

/** What every device must agree on, sorted so that two equal vaults compare equal. */
export async function stateOf(d: Device) {
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  const bodies = new Map((await d.db.bodies.toArray()).map((b) => [b.id, b.markdown]));
  return {
    notes: byId(
      (await d.db.notes.toArray()).map((n) => ({ id: n.id, title: n.title, body: bodies.get(n.id) ?? '' })),
    ),
    tasks: byId(
      (await d.db.tasks.toArray()).map((t) => ({
        id: t.id,
        title: t.title,
        priority: t.priority,
        projectId: t.projectId ?? null,
      })),
    ),
    projects: byId((await d.db.projects.toArray()).map((p) => ({ id: p.id, name: p.name }))),
    journal: byId(
      (await d.db.journal.toArray()).map((j) => ({ id: j.id, body: bodies.get(j.id) ?? j.markdown })),
    ),
    canvases: byId((await d.db.canvases.toArray()).map((c) => ({ id: c.id, title: c.title }))),
    tags: (await d.db.tagDefs.toArray())
      .map((t) => ({ key: t.key, color: t.color ?? null }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  };
}
