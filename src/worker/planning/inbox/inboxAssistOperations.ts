import { tick } from '../../domain/clock/vectorClock';
import { titleOf } from '../../domain/inbox/captureItem';
import type { InboxRow } from '../../domain/inbox/inboxItem';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { SettingsStore } from '../../settings/settingsStore';
import type { VaultServices } from '../../vault/services';
import { PlanningFailure, writeTx } from '../writeTx';
import { captureLinkSchema } from './inboxSchemas';
import type { InboxStore } from './inboxStore';
import { type FetchPage, fetchLinkPreview } from './linkPreviewFetcher';

const ID = { name: 'id', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } } as const;

export interface NetPort {
  fetchPage: FetchPage;
  /** navigator.onLine where there is one */
  online(): boolean;
}

/** The browser's own fetch, online as the browser says. */
export const browserNet: NetPort = {
  fetchPage: (url, init) => fetch(url, { ...init, credentials: 'omit', redirect: 'follow' }),
  online: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
};

/** Why no page was read for a link: the inbox's fetchLinkPreviews setting is off. */
export const LINK_PREVIEWS_OFF = 'link previews are turned off (Settings → Inbox); the link is kept as it is';

/**
 * Whether a captured link's page may be fetched (the inbox settings group's fetchLinkPreviews).
 * Every link capture asks this before any fetch: the inbox's and a project's (captureUrlToProject).
 */
export const linkPreviewsOn = async (settings: Pick<SettingsStore, 'getGroup'>): Promise<boolean> =>
  (await settings.getGroup('inbox')).fetchLinkPreviews;

/**
 * Link previews (`inbox.previewLink`, `inbox.retryMetadata`); filing suggestions are in
 * inboxLearningOperations. A preview is read by the browser itself (linkPreviewFetcher), so it
 * succeeds only online and for pages that allow cross-origin reads; otherwise the item keeps its
 * plain URL and `processingError` says why. With the inbox's fetchLinkPreviews setting off no page
 * is ever fetched: previewLink answers the plain fallback, retryMetadata refuses and changes nothing.
 */
export function inboxAssistOperations(
  services: VaultServices,
  store: InboxStore,
  net: NetPort,
  settings: Pick<SettingsStore, 'getGroup'>,
): Operation[] {
  const { db, deps } = store;
  const OFF = LINK_PREVIEWS_OFF;
  const previewsOn = () => linkPreviewsOn(settings);

  async function refreshPreview(id: string) {
    const row = await store.db.inbox.get(id);
    if (!row)
      return fail('NOT_FOUND', `inbox item ${JSON.stringify(id)} does not exist`, { field: 'args[0]' });
    if (!row.sourceUrl)
      return fail('VALIDATION', `“${row.title}” has no link to preview`, { field: 'args[0]' });
    if (!(await previewsOn())) return fail('UNAVAILABLE', OFF, { field: 'inbox.fetchLinkPreviews' });
    const outcome = await fetchLinkPreview(net.fetchPage, row.sourceUrl, net.online());
    return writeTx(services, [db.inbox], async (changes) => {
      // Read again inside the transaction: the item may have changed while the page loaded.
      const now = await db.inbox.get(id);
      if (!now)
        throw new PlanningFailure({ code: 'NOT_FOUND', message: 'the item was deleted', field: 'args[0]' });
      const next: InboxRow = outcome.ok
        ? {
            ...now,
            // A title the user did not give (the URL's host and path) gives way to the page's own.
            title:
              outcome.preview.title && now.title === titleOf({ type: now.type, sourceUrl: now.sourceUrl })
                ? outcome.preview.title
                : now.title,
            sourceTitle: outcome.preview.title ?? now.sourceTitle,
            metadata: {
              ...(now.metadata ?? {}),
              ...Object.fromEntries(
                Object.entries({
                  description: outcome.preview.description,
                  siteName: outcome.preview.siteName,
                  image: outcome.preview.image,
                }).filter((e): e is [string, string] => e[1] !== null),
              ),
            },
            processingStatus: 'complete',
            processingError: null,
          }
        : { ...now, processingStatus: 'failed', processingError: `no preview: ${outcome.reason}` };
      const edited = {
        ...next,
        modifiedAt: new Date(deps.now()).toISOString(),
        clock: tick(now.clock, deps.deviceId),
      };
      await store.put([edited], changes);
      return {
        id,
        title: edited.title,
        sourceTitle: edited.sourceTitle,
        description: edited.metadata?.description ?? null,
        processingStatus: edited.processingStatus,
        processingError: edited.processingError,
      };
    });
  }

  return [
    defineOperation({
      kind: 'read',
      name: 'inbox.previewLink',
      summary:
        'Read a page’s title, description, site name and image (online, and only where the site allows cross-origin reads).',
      params: [{ name: 'url', required: true, schema: captureLinkSchema.properties.url }] as const,
      handler: async ([url]) => {
        const outcome = (await previewsOn())
          ? await fetchLinkPreview(net.fetchPage, url, net.online())
          : ({ ok: false, reason: OFF } as const);
        return ok(
          outcome.ok
            ? { url, available: true, ...outcome.preview }
            : {
                url,
                available: false,
                reason: outcome.reason,
                title: null,
                description: null,
                siteName: null,
                image: null,
              },
        );
      },
    }),
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'inbox.retryMetadata',
      summary:
        'Fetch a link or clip capture’s page preview again and keep it on the item (or why it failed).',
      params: [ID] as const,
      handler: ([id]) => refreshPreview(id),
    }),
  ];
}
