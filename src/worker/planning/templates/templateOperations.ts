import type { Change } from '../../changes/changeFeed';
import { edited, newMeta } from '../../domain/calendar/recordMeta';
import { variablesIn } from '../../domain/templates/renderTemplate';
import {
  fromTemplateRow,
  type TemplateRecord,
  templateCreateSchema,
  templatePatchSchema,
  toTemplateRow,
} from '../../domain/templates/template';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { idSchema, recordTable, writeKind } from '../records/recordTable';
import { PlanningFailure, writeTx } from '../writeTx';

/** `templates.*` of spec 4.4/4.5 (list, get, create, update, delete, duplicate); applying one is notes.applyTemplate. */
export function templateOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const templates = recordTable(services, db.templates, 'template');

  async function checkName(name: string, ownId: string | null, field = 'name'): Promise<string> {
    const trimmed = name.trim();
    if (trimmed === '') throw new PlanningFailure({ code: 'VALIDATION', message: 'name is empty', field });
    const other = await db.templates.where('nameKey').equals(trimmed.toLowerCase()).first();
    if (other && other.id !== ownId)
      throw new PlanningFailure({ code: 'CONFLICT', message: `a template named ${trimmed} exists`, field });
    return trimmed;
  }

  const withVariables = (t: TemplateRecord) => ({
    ...t,
    variables: [...new Set([...variablesIn(t.titleTemplate ?? ''), ...variablesIn(t.content)])],
  });

  async function put(changes: Change[], t: TemplateRecord) {
    await templates.put(changes, toTemplateRow(t));
    return withVariables(t);
  }

  return [
    defineOperation({
      kind: 'read',
      name: 'templates.list',
      summary: 'Templates by name, without their content.',
      params: [] as const,
      handler: async () => {
        const rows = await db.templates.orderBy('nameKey').toArray();
        return ok({
          templates: rows.map((row) => {
            const { content, ...t } = fromTemplateRow(row);
            return { ...t, contentLength: content.length };
          }),
        });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'templates.get',
      summary: 'One template with its content and the variables it uses.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: async ([id]) => {
        const row = await db.templates.get(id);
        return row
          ? ok(withVariables(fromTemplateRow(row)))
          : fail('NOT_FOUND', `no template ${JSON.stringify(id)}`, { field: 'id' });
      },
    }),
    defineOperation({
      ...writeKind,
      name: 'templates.create',
      summary: 'Create a note template; {{date}}, {{time}}, {{title}}, ... are filled in when applied.',
      params: [{ name: 'template', required: true, schema: templateCreateSchema }] as const,
      handler: ([input]) =>
        writeTx(services, [db.templates], async (changes) =>
          put(changes, {
            ...newMeta(services, services.newId()),
            name: await checkName(input.name, null),
            description: input.description ?? null,
            content: input.content,
            titleTemplate: input.titleTemplate ?? null,
            folderPath: input.folderPath ?? null,
          }),
        ),
    }),
    defineOperation({
      ...writeKind,
      name: 'templates.update',
      summary: 'Change a template.',
      params: [
        { name: 'id', required: true, schema: idSchema },
        { name: 'patch', required: true, schema: templatePatchSchema },
      ] as const,
      handler: ([id, patch]) =>
        writeTx(services, [db.templates], async (changes) => {
          const prev = fromTemplateRow(await templates.must(id));
          const name = patch.name === undefined ? prev.name : await checkName(patch.name, id);
          return put(changes, edited(services, prev, { ...patch, name }));
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'templates.duplicate',
      summary: 'Copy a template under a free name (`<name> copy`, `<name> copy 2`, ...).',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) =>
        writeTx(services, [db.templates], async (changes) => {
          const prev = fromTemplateRow(await templates.must(id));
          let name = `${prev.name} copy`;
          for (let n = 2; await db.templates.where('nameKey').equals(name.toLowerCase()).first(); n++)
            name = `${prev.name} copy ${n}`;
          const { id: _id, clock: _c, createdAt: _a, modifiedAt: _m, ...fields } = prev;
          return put(changes, { ...newMeta(services, services.newId()), ...fields, name });
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'templates.delete',
      summary: 'Delete a template (notes made from it are untouched).',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) =>
        writeTx(services, [db.templates, db.tombstones], async (changes) => {
          await templates.remove(changes, await templates.must(id));
          return { id, deleted: true };
        }),
    }),
  ];
}
