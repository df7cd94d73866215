import { sceneSchema } from '../../domain/canvas/canvasElement';
import { type CanvasRow, canvasPath, cardKeysOf, toCanvasListEntry } from '../../domain/canvas/canvasRecord';
import { checkScene } from '../../domain/canvas/checkScene';
import { tick } from '../../domain/clock/vectorClock';
import { checkFolderPath } from '../../domain/notes/paths/folderPath';
import { checkTitle } from '../../domain/notes/paths/nameRules';
import { liveCanvas, toTrashedCanvas } from '../../domain/trash/canvasTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { must, PlanningFailure, writeTx } from '../writeTx';

const idOrPath = {
  type: 'string',
  minLength: 1,
  maxLength: 1200,
  description: 'canvas id, or its folder-qualified name Folder/Title',
} as const;
const write = { kind: 'write', requiresApproval: true } as const;

/**
 * `canvas.*`: list, create and delete of spec 4.4/4.5, plus `canvas.get` (the scene) and
 * `canvas.saveScene` (replace the scene after an edit), Cairn's additions that the editor and the
 * element tools use. A canvas is named by id or by its unique folder-qualified name.
 */
export function canvasOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const find = async (key: string): Promise<CanvasRow | undefined> =>
    liveCanvas(await db.canvases.get(key)) ??
    (await db.canvases.where('pathKey').equals(key.toLowerCase()).first());
  const notFound = (key: string) =>
    new PlanningFailure({ code: 'NOT_FOUND', message: `no canvas ${JSON.stringify(key)}`, field: 'id' });

  return [
    defineOperation({
      kind: 'read',
      name: 'canvas.list',
      summary: 'Canvases, most recently changed first (spec 2.8 list entries).',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: { limit: { type: 'integer', minimum: 1, maximum: 500 } },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([o]) => {
        const rows = await db.canvases
          .orderBy('updatedAt')
          .reverse()
          .limit(o?.limit ?? 200)
          .toArray();
        // the updatedAt index holds no trashed canvas (docs/trash.md): its count is the live ones
        return ok({
          canvases: rows.map(toCanvasListEntry),
          total: await db.canvases.orderBy('updatedAt').count(),
        });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'canvas.get',
      summary: 'A canvas with its whole scene (elements with geometry, bindings and frames).',
      params: [{ name: 'canvas', required: true, schema: idOrPath }] as const,
      handler: async ([key]) => {
        const row = await find(key);
        if (!row) return fail('NOT_FOUND', `no canvas ${JSON.stringify(key)}`, { field: 'canvas' });
        return ok({ ...toCanvasListEntry(row), elements: row.elements, created_at: row.createdAt });
      },
    }),
    defineOperation({
      ...write,
      name: 'canvas.create',
      summary: 'Create an empty canvas in a folder (its Folder/Title name must be free).',
      params: [
        {
          name: 'canvas',
          required: true,
          schema: {
            type: 'object',
            properties: {
              title: { type: 'string', minLength: 1, maxLength: 200 },
              folder: { type: 'string', maxLength: 1000 },
            },
            required: ['title'],
            additionalProperties: false,
          },
        },
      ] as const,
      handler: ([input]) =>
        writeTx(services, [db.canvases], async (changes) => {
          const title = must(checkTitle(input.title));
          const folder = input.folder ? must(checkFolderPath(input.folder, 'folder', true)) : '';
          const pathKey = canvasPath(folder, title).toLowerCase();
          if (await db.canvases.where('pathKey').equals(pathKey).first())
            throw new PlanningFailure({
              code: 'VALIDATION',
              message: `a canvas named ${canvasPath(folder, title)} exists`,
              field: 'title',
            });
          const now = services.now();
          const row: CanvasRow = {
            id: services.newId(),
            title,
            folder,
            pathKey,
            elements: [],
            cardKeys: [],
            createdAt: now,
            updatedAt: now,
            clock: tick({}, services.deviceId),
          };
          await db.canvases.add(row);
          changes.push({ table: 'canvases', op: 'put', ids: [row.id] });
          return toCanvasListEntry(row);
        }),
    }),
    defineOperation({
      ...write,
      name: 'canvas.saveScene',
      summary: 'Replace a canvas’s scene; bindings and frames must name elements of the scene.',
      params: [
        { name: 'canvas', required: true, schema: idOrPath },
        { name: 'elements', required: true, schema: sceneSchema },
      ] as const,
      handler: ([key, elements]) =>
        writeTx(services, [db.canvases], async (changes) => {
          const row = await find(key);
          if (!row) throw notFound(key);
          const problem = checkScene(elements);
          if (problem) throw new PlanningFailure(problem);
          const next = {
            ...row,
            elements,
            cardKeys: cardKeysOf(elements),
            updatedAt: services.now(),
            clock: tick(row.clock, services.deviceId),
          };
          await db.canvases.put(next);
          changes.push({ table: 'canvases', op: 'put', ids: [row.id] });
          return { id: row.id, element_count: elements.length, updated_at: next.updatedAt };
        }),
    }),
    defineOperation({
      ...write,
      name: 'canvas.delete',
      summary: 'Delete a canvas: it moves to the Trash for 30 days (trash.restore brings it back).',
      params: [{ name: 'canvas', required: true, schema: idOrPath }] as const,
      handler: ([key]) =>
        writeTx(services, [db.canvases], async (changes) => {
          const row = await find(key);
          if (!row) throw notFound(key);
          await db.canvases.put(
            toTrashedCanvas(row, services.now(), services.deviceId) as unknown as CanvasRow,
          );
          changes.push({ table: 'canvases', op: 'put', ids: [row.id] });
          return { id: row.id, deleted: true, trashed: true };
        }),
    }),
  ];
}
