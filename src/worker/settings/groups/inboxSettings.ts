import { DEFAULT_STALE_DAYS } from '../../domain/inbox/inboxItem';
import { defineSettingsGroup } from '../defineSettingsGroup';

/**
 * The inbox's habits (synced). `staleDays` is the same stored key (`inbox.staleDays`) that
 * inbox.setStaleThreshold writes, so the two can never disagree.
 */
export const inboxSettings = defineSettingsGroup({
  name: 'inbox',
  op: 'Inbox',
  label: 'Inbox',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      staleDays: {
        type: 'integer',
        minimum: 1,
        maximum: 365,
        description: 'days after which an open item counts as stale',
      },
      fetchLinkPreviews: { type: 'boolean', description: 'fetch a preview of captured links when online' },
    },
    required: ['staleDays', 'fetchLinkPreviews'],
  },
  defaults: { staleDays: DEFAULT_STALE_DAYS, fetchLinkPreviews: true },
});
