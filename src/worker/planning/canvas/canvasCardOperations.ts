import type { VaultDb } from '../../db/schema';
import { TaskState } from '../../domain/tasks/views/queryPort';
import { liveNote } from '../../domain/trash/noteTrash';
import { isTrashedProject, liveProject } from '../../domain/trash/projectTrash';
import { liveTask } from '../../domain/trash/taskTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok } from '../../ops/result';

const ENTITY_TYPES = ['note', 'task', 'project'] as const;
type EntityType = (typeof ENTITY_TYPES)[number];

export interface CardEntity {
  entity_type: EntityType;
  entity_id: string;
  /** null: the entity was deleted since the card was made */
  title: string | null;
  /** a note's folder, a task's project id */
  context: string | null;
}

/** Titles of the entities cards show, one lookup each (a scene holds few cards). */
async function titleOf(db: VaultDb, type: EntityType, id: string): Promise<CardEntity> {
  const found =
    type === 'note'
      ? await db.notes.get(id).then((found) => {
          const n = liveNote(found);
          return n && { title: n.title, context: n.folderPath };
        })
      : type === 'task'
        ? await db.tasks.get(id).then((r) => {
            const t = liveTask(r);
            return t && { title: t.title, context: t.projectId };
          })
        : await db.projects.get(id).then((r) => {
            const p = liveProject(r);
            return p && { title: p.name, context: null };
          });
  return { entity_type: type, entity_id: id, title: found?.title ?? null, context: found?.context ?? null };
}

/**
 * What canvas cards need (Cairn's additions): `canvas.findEntities` finds notes, tasks and
 * projects by title for the card picker (a case-insensitive substring; notes newest first, open
 * tasks only, the scan stops at `limit` matches), and `canvas.getCardEntities` gives the current
 * title of each card's entity, so a card shows a renamed note's new title.
 */
export function canvasCardOperations(db: VaultDb): Operation[] {
  return [
    defineOperation({
      kind: 'read',
      name: 'canvas.findEntities',
      summary: 'Notes, open tasks and projects whose title contains the text, for a canvas card.',
      params: [
        { name: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } },
        { name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 } },
      ] as const,
      handler: async ([query, limit = 10]) => {
        const q = query.trim().toLowerCase();
        const has = (title: string) => title.toLowerCase().includes(q);
        const [notes, tasks, projects] = await Promise.all([
          db.notes
            .orderBy('modified')
            .reverse()
            .filter((n) => has(n.title))
            .limit(limit)
            .toArray(),
          db.tasks
            .where('state')
            .equals(TaskState.open)
            .filter((t) => has(t.title))
            .limit(limit)
            .toArray(),
          db.projects
            .filter((p) => p.archivedAt === null && !isTrashedProject(p) && has(p.name))
            .limit(limit)
            .toArray(),
        ]);
        const entities: CardEntity[] = [
          ...notes.map((n) => ({
            entity_type: 'note' as const,
            entity_id: n.id,
            title: n.title,
            context: n.folderPath,
          })),
          ...tasks.map((t) => ({
            entity_type: 'task' as const,
            entity_id: t.id,
            title: t.title,
            context: t.projectId,
          })),
          ...projects.map((p) => ({
            entity_type: 'project' as const,
            entity_id: p.id,
            title: p.name,
            context: null,
          })),
        ];
        return ok({ entities: entities.slice(0, limit) });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'canvas.getCardEntities',
      summary: 'The current title of each entity cards show (null for one deleted since).',
      params: [
        {
          name: 'cards',
          required: true,
          schema: {
            type: 'array',
            maxItems: 500,
            items: {
              type: 'object',
              properties: {
                entity_type: { type: 'string', enum: ENTITY_TYPES },
                entity_id: { type: 'string', minLength: 1, maxLength: 100 },
              },
              required: ['entity_type', 'entity_id'],
              additionalProperties: false,
            },
          },
        },
      ] as const,
      handler: async ([cards]) =>
        ok({ entities: await Promise.all(cards.map((c) => titleOf(db, c.entity_type, c.entity_id))) }),
    }),
  ];
}
