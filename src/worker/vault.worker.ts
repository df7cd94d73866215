/// <reference lib="webworker" />
// Composition root of the vault worker: wires the browser's IndexedDB, Web Locks and
// BroadcastChannel into the platform-free vault and exposes its API through Comlink.
//
// Cold start in two steps (docs/foundation.md, "Cold load"): this entry holds only Comlink and
// the note list's reads in native IndexedDB, so it evaluates fast and answers the first list
// requests from a read-only connection of its own, while the whole vault (startVault.ts, with
// Dexie) loads as a second chunk. Once the vault is open every call goes to it and the early
// connection closes.
import * as Comlink from 'comlink';
import { vaultDbName } from './db/names';
import { peekVault } from './db/peekVault';
import { openExisting } from './db/rawIdb';
import { FIRST_NOTE_PAGE, isFirstNotePage } from './stores/firstNotePage';
import { listFolderRows, listNotePage, type NoteListQuery, type NotePage } from './stores/noteListing';
import type { VaultApi } from './vault/vaultApi';
import { WORKER_UP } from './workerUp';

// First: tell the page this thread runs, so it can start its first render (vaultWorker.ts).
self.postMessage({ type: WORKER_UP });

// The page names the vault in the worker's name (`cairn-vault:<id>`); `?vault=` is the older way.
const named = self.name.startsWith('cairn-vault:') ? self.name.slice('cairn-vault:'.length) : '';
const requested = named || new URL(self.location.href).searchParams.get('vault');
// Read-only: startVault's openVault records the vault as opened (resolveVault), once.
const entry = peekVault(indexedDB, requested, Date.now());
let vault: VaultApi | null = null;
// Evaluating the vault's chunk holds this thread for a while, so it starts once the first list
// page is answered, when a call needs the whole vault, or after a short grace: whichever is first.
let loadVault!: () => void;
const loadRequested = new Promise<void>((resolve) => {
  loadVault = resolve;
});
setTimeout(() => loadVault(), 150);
const ready: Promise<VaultApi> = loadRequested
  .then(() => Promise.all([entry, import('./startVault')]))
  .then(async ([e, m]) => {
    vault = await m.startVault(e.id);
    return vault;
  });

/** Reads answered before the vault is open: they touch nothing but committed rows. */
let early: IDBDatabase | null = null;
const earlyDb = entry.then(async (e) => {
  early = await openExisting(indexedDB, vaultDbName(e.id));
  return early;
});
let earlyInFlight = 0;
const closeEarly = () => {
  if (vault !== null && earlyInFlight === 0) early?.close();
};
void ready.then(closeEarly, (err: unknown) => console.error('vault failed to open', err));
/**
 * The UI's first question is known (createNoteList: the newest page of the whole vault), so it is
 * read while the page's own code still loads and evaluates, and handed over when asked. It reads
 * committed rows like any early read; a later change reaches the list through the change feed.
 */
let firstPage: Promise<NotePage> | null = null;
void earlyDb.then(
  (db) => {
    if (db === null || vault !== null) return;
    earlyInFlight++;
    const read = listNotePage(db, { ...FIRST_NOTE_PAGE });
    firstPage = read;
    void read
      .catch(() => undefined)
      .finally(() => {
        earlyInFlight--;
        closeEarly();
      });
  },
  () => undefined,
);
const EARLY: Record<string, (db: IDBDatabase, ...args: never[]) => Promise<unknown>> = {
  listNotes: (db, q: NoteListQuery) => {
    const ready = isFirstNotePage(q) ? firstPage : null;
    if (ready === null) return listNotePage(db, q);
    firstPage = null;
    return ready.catch(() => listNotePage(db, q));
  },
  listFolders: (db) => listFolderRows(db),
};
/**
 * Calls the UI makes at start that can wait for the vault without asking for it: its
 * subscriptions, its info, the settings it reads, the start of sync, reminders and the agent
 * bridge. They must not start loading the vault's chunk before the first list page is answered,
 * or evaluating it holds this thread while the list waits; they are answered once the vault is
 * open (after the first list page, or the grace above). Anything else, such as opening a note,
 * loads the vault at once.
 */
const PATIENT_METHODS = new Set([
  'onChange',
  'onNoteUpdate',
  'onLeaderChange',
  'onSwitch',
  'onReminderFired',
  'info',
  'sync',
  'connectAgent',
  'reportDevice',
]);
const PATIENT_READS = /^(settings\.get|reminders\.getDue$)/;
const isPatient = (method: string, args: unknown[]) =>
  PATIENT_METHODS.has(method) ||
  (method === 'read' && typeof args[0] === 'string' && PATIENT_READS.test(args[0]));

// Calls made before the vault is open wait for it (or, for the list reads, use the early
// connection; a vault whose database does not exist yet is a first run and waits for its open).
const api = new Proxy(
  {},
  {
    get:
      (_t, method: string) =>
      async (...args: unknown[]) => {
        const read = EARLY[method];
        if (vault === null && read) {
          earlyInFlight++;
          try {
            const db = await earlyDb;
            if (db !== null && vault === null) return await read(db, ...(args as never[]));
          } catch {
            // The early connection closed under the vault's own upgrade: the vault answers.
          } finally {
            earlyInFlight--;
            if (method === 'listNotes') loadVault();
            closeEarly();
          }
        }
        if (!isPatient(method, args)) loadVault();
        const target = (vault ?? (await ready)) as unknown as Record<string, (...a: unknown[]) => unknown>;
        const fn = target[method];
        if (typeof fn !== 'function') throw new Error(`unknown vault method ${method}`);
        return fn(...args);
      },
  },
);
Comlink.expose(api);
