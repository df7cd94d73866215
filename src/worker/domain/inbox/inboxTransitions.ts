import { tick } from '../clock/vectorClock';
import type { FilingEvent, InboxRow } from './inboxItem';

type Deps = { now(): number; readonly deviceId: string };

function edit(row: InboxRow, changes: Partial<InboxRow>, deps: Deps): InboxRow {
  return {
    ...row,
    ...changes,
    modifiedAt: new Date(deps.now()).toISOString(),
    clock: tick(row.clock, deps.deviceId),
  };
}

function event(action: FilingEvent['action'], target: string | null, deps: Deps, into?: string): FilingEvent {
  return { at: new Date(deps.now()).toISOString(), action, target, ...(into ? { into } : {}) };
}

/**
 * Filed: out of the open list, with what it became (`task:…`, `note:…`), the folder or project
 * it went `into` (`folder:…`, `project:…`) and how (`file`, `convertToTask`, ...), recorded for
 * the filing history, the learned suggestions and undo.
 */
export function fileItem(row: InboxRow, target: string, action: string, deps: Deps, into?: string): InboxRow {
  const at = new Date(deps.now()).toISOString();
  return edit(
    row,
    {
      bucket: 'filed',
      filedAt: at,
      filedTo: target,
      filedAction: action,
      snoozedUntil: null,
      snoozeReason: null,
      history: [...row.history, event(action === 'file' ? 'file' : 'convert', target, deps, into)],
    },
    deps,
  );
}

export function archiveItem(row: InboxRow, deps: Deps): InboxRow {
  const at = new Date(deps.now()).toISOString();
  return edit(
    row,
    { bucket: 'archived', archivedAt: at, history: [...row.history, event('archive', null, deps)] },
    deps,
  );
}

/** Back to the open list: undo of a file or an archive, and unarchive. The history keeps both steps. */
export function reopenItem(row: InboxRow, deps: Deps): InboxRow {
  return edit(
    row,
    {
      bucket: 'open',
      filedAt: null,
      filedTo: null,
      filedAction: null,
      archivedAt: null,
      history: [...row.history, event('undo', row.filedTo, deps)],
    },
    deps,
  );
}

export function snoozeItem(row: InboxRow, until: string, reason: string | null, deps: Deps): InboxRow {
  return edit(row, { bucket: 'snoozed', snoozedUntil: until, snoozeReason: reason }, deps);
}

export function unsnoozeItem(row: InboxRow, deps: Deps): InboxRow {
  return edit(row, { bucket: 'open', snoozedUntil: null, snoozeReason: null }, deps);
}

export function markViewed(row: InboxRow, deps: Deps): InboxRow {
  return row.viewedAt !== null ? row : edit(row, { viewedAt: new Date(deps.now()).toISOString() }, deps);
}

export function setTags(row: InboxRow, tags: readonly string[], deps: Deps): InboxRow {
  return edit(row, { tags: [...new Set(tags)] }, deps);
}

export function updateItem(
  row: InboxRow,
  patch: { title?: string; content?: string | null },
  deps: Deps,
): InboxRow {
  return edit(row, patch, deps);
}
