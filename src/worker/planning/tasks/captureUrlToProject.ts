import { titleOf } from '../../domain/inbox/captureItem';
import type { LinkPreview } from '../../domain/inbox/linkPreview';
import { noteTitleOf } from '../../domain/inbox/noteTitle';
import { checkFolderPath } from '../../domain/notes/paths/folderPath';
import { nextFreeTitle } from '../../domain/notes/paths/titles';
import { taskIdSchema } from '../../domain/tasks/schemas';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { type ErrorCode, fail, ok } from '../../ops/result';
import type { SettingsStore } from '../../settings/settingsStore';
import type { VaultServices } from '../../vault/services';
import { LINK_PREVIEWS_OFF, linkPreviewsOn, type NetPort } from '../inbox/inboxAssistOperations';
import { captureLinkSchema } from '../inbox/inboxSchemas';
import { fetchLinkPreview } from '../inbox/linkPreviewFetcher';
import type { NoteCreator } from '../inbox/noteCreator';
import type { ProjectLinkWriter } from './projectLinkWriter';

const optionsSchema = {
  type: 'object',
  properties: {
    title: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'the note’s title (else the page’s)',
    },
    note: { type: 'string', maxLength: 10_000, description: 'text written under the link' },
    folder: {
      type: 'string',
      maxLength: 1000,
      description: "folder of the link note; '' (default) the root",
    },
    pinned: { type: 'boolean', description: 'pin the link on the project (default false)' },
    preview: { type: 'boolean', description: 'read the page’s title and description first (default true)' },
  },
  additionalProperties: false,
} as const;

/** The link note's body: the address, the page's description, then the user's text. */
export function linkNoteMarkdown(url: string, preview: LinkPreview | null, note: string | undefined): string {
  const description = preview?.description?.replace(/\s+/g, ' ').trim();
  return [`<${url}>`, description ? `> ${description}` : '', note?.trim() ?? '']
    .filter((p) => p !== '')
    .join('\n\n');
}

/**
 * tasks.captureUrlToProject (spec 4.5), decided in docs/tasks.md "Capturing into a project": the
 * URL becomes a LINK NOTE (a markdown note holding the address, the page's description and the
 * caller's text) linked to the project as a `note` link, so it shows in the project's links, is
 * searchable and syncs as any note does. The preview is read as inbox.previewLink reads it (only
 * online, only where the site allows cross-origin reads); without it the note takes the URL's host
 * and path as its title, as an inbox link capture does. With the inbox's fetchLinkPreviews setting
 * off no page is fetched either (the same setting the inbox capture obeys): the plain fallback.
 * A title taken in the folder gets a number.
 * If linking is refused (the project was deleted meanwhile), the note is deleted again.
 */
export function captureUrlToProjectOperation(
  services: VaultServices,
  links: ProjectLinkWriter,
  notes: NoteCreator,
  net: NetPort,
  settings: Pick<SettingsStore, 'getGroup'>,
): Operation {
  const { db } = services;
  const freeTitle = async (folder: string, base: string) => {
    const key = base.toLowerCase();
    const taken = new Set(
      (
        await db.notes
          .where('[folderPath+titleKey]')
          .between([folder, key], [folder, `${key}\uffff`])
          .toArray()
      ).map((n) => n.titleKey),
    );
    return nextFreeTitle(base, folder, { titleTaken: (_f, t) => taken.has(t.toLowerCase()) });
  };

  return defineOperation({
    kind: 'write',
    requiresApproval: true,
    name: 'tasks.captureUrlToProject',
    summary:
      'Capture a web address into a project: a link note (page title and description when online, the plain URL otherwise) linked to the project.',
    params: [
      { name: 'projectId', required: true, schema: taskIdSchema },
      { name: 'url', required: true, schema: captureLinkSchema.properties.url },
      { name: 'options', required: false, schema: optionsSchema },
    ] as const,
    handler: async ([projectId, url, o = {}]) => {
      if (!(await links.projectExists(projectId)))
        return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, {
          field: 'projectId',
        });
      const folder = checkFolderPath(o.folder ?? '', 'options.folder', true);
      if (!folder.ok) return folder;
      const outcome =
        o.preview === false
          ? null
          : (await linkPreviewsOn(settings))
            ? await fetchLinkPreview(net.fetchPage, url, net.online())
            : ({ ok: false, reason: LINK_PREVIEWS_OFF } as const);
      const preview = outcome?.ok ? outcome.preview : null;
      const base = noteTitleOf(o.title ?? preview?.title ?? titleOf({ type: 'link', sourceUrl: url }));
      const made = await notes.create({
        title: await freeTitle(folder.value, base),
        folderPath: folder.value,
        markdown: linkNoteMarkdown(url, preview, o.note),
      });
      if (!made.ok) return { ok: false, error: { ...made.error, code: made.error.code as ErrorCode } };
      const linked = await links.linkAll(
        [{ projectId, itemType: 'note', itemId: made.value.id }],
        o.pinned === true,
      );
      if (!linked.ok) {
        await notes.remove(made.value.id);
        return linked;
      }
      const link = linked.value[0]!;
      return ok({
        projectId,
        url,
        noteId: made.value.id,
        title: made.value.title,
        href: `svc://note/${encodeURIComponent(made.value.id)}`,
        link: { id: link.id, itemType: link.itemType, pinned: link.pinned },
        preview: outcome?.ok
          ? { available: true, title: preview?.title ?? null, description: preview?.description ?? null }
          : { available: false, reason: outcome ? outcome.reason : 'not asked (options.preview is false)' },
      });
    },
  });
}
