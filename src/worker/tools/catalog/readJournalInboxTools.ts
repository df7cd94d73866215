import { BY_ID, ISO_DATE, NO_ARGUMENTS } from './fragments';
import { defineToolSpec, readAnnotations } from './toolSpec';

/** Spec 4.1: the read tools over the journal, the inbox and tags. */
export const getJournalEntry = defineToolSpec({
  name: 'vault_get_journal_entry',
  title: 'Get a journal entry',
  description: 'The journal entry of one day, or null when that day has none.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['date'],
    properties: { date: ISO_DATE },
  },
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const listJournalEntries = defineToolSpec({
  name: 'vault_list_journal_entries',
  title: 'List journal entries',
  description: 'The journal entries from one date to another, both inclusive.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['from', 'to'],
    properties: { from: ISO_DATE, to: ISO_DATE },
  },
  annotations: readAnnotations(false),
  requiresApproval: false,
});

export const listInboxItems = defineToolSpec({
  name: 'vault_list_inbox_items',
  title: 'List inbox items',
  description: 'Captured inbox items, unread first; unread_only keeps only those not viewed yet.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: { unread_only: { type: 'boolean' } },
  },
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const getInboxItem = defineToolSpec({
  name: 'vault_get_inbox_item',
  title: 'Get an inbox item',
  description: 'One inbox item with its content, transcription and filing state.',
  inputSchema: BY_ID,
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const getTags = defineToolSpec({
  name: 'vault_get_tags',
  title: 'List tags',
  description: 'Every tag with its usage count, colour, icon and category.',
  inputSchema: NO_ARGUMENTS,
  annotations: readAnnotations(false),
  requiresApproval: false,
});
