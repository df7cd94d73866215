import { ok } from '../../ops/result';
import { getInboxItem, listInboxItems } from '../catalog/readJournalInboxTools';
import { defineTool, jsonOutput } from '../defineTool';

/** How many open inbox items one call lists (four pages of inbox.list). */
export const MAX_INBOX_ITEMS = 800;
const PAGE = 200;

interface ListEntry {
  id: string;
  type: string;
  source: string | null;
  title: string;
  snippet: string;
  captured_at: number;
  href: string;
  source_ref: unknown;
}

/** Spec 2.6 list entry. */
function entryOf(e: ListEntry) {
  const { id, type, source, title, snippet, captured_at, href, source_ref } = e;
  return { id, type, source, title, snippet, captured_at, href, source_ref };
}

/**
 * Spec 4.1 vault_list_inbox_items: the inbox as the app shows it (woken snoozes, then open items
 * newest first), unread items first; `unread_only` keeps those never viewed. Whether an item was
 * viewed is read per item (inbox.get), so a call reads at most 800 items.
 */
export const listInboxItemsTool = defineTool({
  spec: listInboxItems,
  operations: ['inbox.list', 'inbox.get'],
  handler: async ({ unread_only }, { registry, caller }) => {
    const listed: ListEntry[] = [];
    for (let offset = 0; listed.length < MAX_INBOX_ITEMS; offset += PAGE) {
      const page = await registry.read('inbox.list', [{ offset, limit: PAGE }], { caller });
      if (!page.ok) return page;
      const { items, hasMore } = page.value as { items: ListEntry[]; hasMore: boolean };
      listed.push(...items);
      if (!hasMore) break;
    }
    const unread: ListEntry[] = [];
    const read: ListEntry[] = [];
    for (const item of listed.slice(0, MAX_INBOX_ITEMS)) {
      const full = await registry.read('inbox.get', [item.id], { caller });
      if (!full.ok) continue; // filed or deleted since it was listed
      ((full.value as { viewedAt: string | null }).viewedAt === null ? unread : read).push(item);
    }
    return ok(jsonOutput((unread_only === true ? unread : [...unread, ...read]).map(entryOf)));
  },
});

/** Spec 4.1 vault_get_inbox_item: the full item of spec 2.6. */
export const getInboxItemTool = defineTool({
  spec: getInboxItem,
  operations: ['inbox.get'],
  handler: async ({ id }, { registry, caller }) => {
    const item = await registry.read('inbox.get', [id], { caller });
    return item.ok ? ok(jsonOutput(item.value)) : item;
  },
});
