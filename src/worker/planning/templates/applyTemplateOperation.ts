import { renderTemplate } from '../../domain/templates/renderTemplate';
import { fromTemplateRow } from '../../domain/templates/template';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { NotesStore } from '../../stores/notesStore';
import type { VaultServices } from '../../vault/services';
import { idSchema, writeKind } from '../records/recordTable';

/** What applying a template needs of the notes store. */
export type TemplateNotes = Pick<NotesStore, 'create' | 'get' | 'updateBody'>;

const optionsSchema = {
  type: 'object',
  description:
    'With noteId: the rendered template is added to the end of that note (replacing an empty body). Without: a new note is made, titled `title`, else the rendered titleTemplate, else the template name and date.',
  properties: {
    noteId: idSchema,
    title: { type: 'string', minLength: 1, maxLength: 200 },
    folderPath: { type: 'string', maxLength: 1000 },
    variables: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 10_000 },
      maxProperties: 50,
      description: 'values of the template’s own {{variables}}',
    },
  },
  additionalProperties: false,
} as const;

/**
 * `notes.applyTemplate(templateId, options?)` of spec 4.5: renders the template's variables
 * (renderTemplate.ts, in the vault's time zone) into a new note or onto an existing one, through
 * the notes store's own create and updateBody (they keep links, search and versions current).
 */
export function applyTemplateOperation(
  services: VaultServices,
  notes: TemplateNotes,
  timeZone: string,
): Operation {
  return defineOperation({
    ...writeKind,
    name: 'notes.applyTemplate',
    summary: 'Fill a template’s {{variables}} into a new note, or at the end of an existing one.',
    params: [
      { name: 'templateId', required: true, schema: idSchema },
      { name: 'options', required: false, schema: optionsSchema },
    ] as const,
    handler: async ([templateId, o = {}]) => {
      const row = await services.db.templates.get(templateId);
      if (!row)
        return fail('NOT_FOUND', `no template ${JSON.stringify(templateId)}`, { field: 'templateId' });
      const template = fromTemplateRow(row);
      const now = services.now();
      const render = (text: string, title: string) =>
        renderTemplate(text, { now, timeZone, title, variables: o.variables });
      if (o.noteId !== undefined) {
        const note = await notes.get(o.noteId);
        if (!note)
          return fail('NOT_FOUND', `no note ${JSON.stringify(o.noteId)}`, { field: 'options.noteId' });
        const text = render(template.content, note.title);
        const markdown =
          note.markdown.trim() === '' ? text : `${note.markdown.replace(/\n*$/, '')}\n\n${text}`;
        const res = await notes.updateBody(note.id, markdown);
        return res.ok ? ok({ id: note.id, title: note.title, templateId, created: false }) : res;
      }
      const title =
        o.title ??
        (template.titleTemplate
          ? render(template.titleTemplate, template.name)
          : render(`${template.name} {{date}}`, template.name));
      const res = await notes.create({
        title: title.replaceAll('/', '-').trim(),
        folderPath: o.folderPath ?? template.folderPath ?? '',
        markdown: render(template.content, title),
      });
      return res.ok ? ok({ id: res.value.id, title: res.value.title, templateId, created: true }) : res;
    },
  });
}
