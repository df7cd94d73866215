import { ChangeFeed, type ChangeListener } from '../changes/changeFeed';
import { installDeviceId, type MetaDb, resolveVault, type VaultEntry } from '../db/meta';
import { openVaultDb } from '../db/schema';
import type { PdfFontSource } from '../domain/export/pdf/pdfFonts';
import type { ExtractionQueue } from '../extract/extractionQueue';
import { createDexieExtractionSource } from '../extract/extractionSource';
import type { Extractors } from '../extract/extractors';
import { createFileTextReads, type FileTextReads } from '../extract/fileTextReads';
import { createDexieFileTextStore } from '../extract/fileTextStore';
import { FILE_TEXTS_TABLE, startFileExtraction } from '../extract/startFileExtraction';
import { type SearchIndexer, startSearchIndexer } from '../indexing/searchIndexer';
import { electLeader, type LeaderElection } from '../leader';
import { createLinkReads } from '../links/linkReads';
import { createPropertyDefinitionStore } from '../ops/properties/propertyDefinitionStore';
import { createRegistry, type Registry } from '../ops/registry';
import { type ReminderScheduler, startReminderScheduler } from '../planning/reminders/reminderScheduler';
import { createDeviceFacts, type DeviceFactsPort } from '../settings/deviceFacts';
import { deviceSettingsBackend } from '../settings/deviceSettingsBackend';
import { createSettingsStore, type SettingsStore } from '../settings/settingsStore';
import { createNoteBodies, type NoteBodies } from '../stores/noteBodies';
import { createNotesStore, type NotesStore } from '../stores/notesStore';
import { dropUntouchedWelcome } from '../stores/welcome';
import { createAccountVaults, seedSyncState } from '../sync/accountVaults';
import { attachSync } from '../sync/attachSync';
import { itemTrashesOf, purgeDueItems } from '../trash/itemTrashes';
import { startTrashPurge } from '../trash/trashPurge';
import { createVaultHost } from './createVaultHost';
import type { VaultServices } from './services';
import { createVaultDirectory, type VaultDirectory } from './vaultDirectory';
import { vaultOperations } from './vaultOperations';

export interface VaultPlatform {
  meta: MetaDb;
  locks: LockManager;
  openChannel: (name: string) => BroadcastChannel;
  now: () => number;
  newId: () => string;
  /** readers of PDF and image text (browser/browserExtractors.ts); without them nothing is extracted */
  extractors?: Extractors;
  /** registers a function to call when the network comes back (extraction retries then) */
  onOnline?: (listener: () => void) => void;
  /** the PDF export's Unicode font files (export/bundledPdfFonts.ts) */
  pdfFonts?: PdfFontSource;
}

export interface OpenVault {
  entry: VaultEntry;
  services: VaultServices;
  notes: NotesStore;
  bodies: NoteBodies;
  registry: Registry;
  settings: SettingsStore;
  device: DeviceFactsPort;
  host: ReturnType<typeof createVaultHost>;
  directory: VaultDirectory;
  search: Promise<SearchIndexer>;
  /** text extraction of filed PDFs and images (null without extractors) */
  extraction: ExtractionQueue | null;
  /** extracted text and attachment_text reads (src/worker/extract, docs/extraction.md) */
  fileTexts: FileTextReads;
  leader: LeaderElection;
  /** fires due reminders while this tab is the leader */
  reminders: ReminderScheduler;
  subscribe: (listener: ChangeListener) => () => void;
  close: () => void;
}

/** Opens (or on first run creates) a vault: its database, change feed, operations and leader election. */
export async function openVault(p: VaultPlatform, requested: string | null): Promise<OpenVault> {
  const entry = await resolveVault(p.meta, requested, p.now());
  const deviceId = await installDeviceId(p.meta, p.newId);
  const db = openVaultDb(entry.id);
  const sync = attachSync({
    db,
    vaultId: entry.id,
    vaultName: entry.name,
    deviceId,
    now: p.now,
    newId: p.newId,
    locks: p.locks,
    openChannel: p.openChannel,
    readSyncSetting: async (field) => (await p.meta.deviceSettings.get(`sync.${field}`))?.value,
    // `notes` is made below; this runs only at a later join, never while the vault opens
    beforeJoin: () => dropUntouchedWelcome(db, notes),
  });
  await db.open();
  const feed = new ChangeFeed(entry.id, p.openChannel(`cairn:changes:${entry.id}`));
  const services: VaultServices = { vaultId: entry.id, db, feed, now: p.now, newId: p.newId, deviceId };
  const leader = electLeader(p.locks, entry.id);
  const bodies = createNoteBodies(services, p.openChannel(`cairn:crdt:${entry.id}`));
  const settings = createSettingsStore(services, { device: deviceSettingsBackend(p.meta, feed, p.now) });
  const notes = createNotesStore({
    ...services,
    bodies,
    updateLinksOnRename: async () => {
      const on = await settings.get('noteEditor.updateLinksOnRename');
      return !on.ok || on.value !== false;
    },
  });
  // The link resolver's headers load in the background, after the UI's first requests: every
  // path that needs them (link reads, body writes, renames) awaits ensureLoaded() itself.
  setTimeout(
    () => void bodies.links.ensureLoaded().catch((err) => console.error('link index failed', err)),
    300,
  );
  const linkReads = createLinkReads(db, bodies.links);
  const propertyDefs = createPropertyDefinitionStore(db, feed, p.now);
  // The index opens in the background: nothing else waits for it (search calls do).
  // It starts a moment after the vault opens, so the first page of notes is not behind it.
  const searchChannel = p.openChannel(`cairn:search:${entry.id}`);
  const search = new Promise<SearchIndexer>((resolve, reject) =>
    setTimeout(
      () =>
        startSearchIndexer({
          db,
          leader,
          channel: searchChannel,
          subscribe: (l) => feed.subscribe(l),
          now: p.now,
        }).then(resolve, reject),
      300,
    ),
  );
  const device = createDeviceFacts();
  // Extraction runs in the leader tab only, one file at a time (src/worker/extract).
  const extractors = p.extractors;
  const extraction = extractors
    ? startFileExtraction({
        store: createDexieFileTextStore(db),
        source: createDexieExtractionSource(db),
        extractors,
        announce: (op, ids) => feed.committed([{ table: FILE_TEXTS_TABLE, op, ids }]),
        now: p.now,
        yieldToOthers: () => new Promise((r) => setTimeout(r, 0)),
        leader,
        subscribe: (l) => feed.subscribe(l),
        ...(p.onOnline ? { onOnline: p.onOnline } : {}),
      })
    : null;
  const directory = createVaultDirectory(p.meta, p.now, p.newId);
  const account = createAccountVaults({
    db,
    localVaultId: entry.id,
    call: sync.accountCall,
    directory,
    seedSyncState: (id, rows) => seedSyncState(openVaultDb(id), rows),
  });
  // the vault's icon as another device may have set it (or as this one set it offline): the leader
  // reconciles it when it opens the vault; nothing to do while signed out
  const reconcileIcon = () =>
    void account.reconcileIcon().catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'DatabaseClosedError') console.error('vault icon', err);
    });
  if (leader.isLeader()) reconcileIcon();
  leader.onChange((leads) => {
    if (leads) reconcileIcon();
  });
  const host = createVaultHost({
    vaultId: entry.id,
    directory,
    db,
    leader,
    search,
    now: p.now,
    account,
  });
  const registry = createRegistry(
    vaultOperations({
      services,
      notes,
      bodies,
      linkReads,
      propertyDefs,
      search: {
        query: async (q) => (await search).index.query(q),
        quick: async (q, limit) => (await search).index.quick(q, limit),
        stats: async () => (await search).index.stats(),
      },
      rebuildSearch: async () => (await search).rebuild(),
      settings,
      device,
      host,
      ...(p.pdfFonts ? { pdfFonts: p.pdfFonts } : {}),
    }),
  );
  const reminders = startReminderScheduler({
    services,
    isLeader: leader.isLeader,
    onLeaderChange: (l) => leader.onChange(l),
    subscribe: (l) => feed.subscribe(l),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  const items = itemTrashesOf(services);
  const trashPurge = startTrashPurge({
    purgeDue: async () => {
      const due = await notes.trash.trashedIds({ dueAt: p.now() });
      const notesGone = due.length > 0 ? (await notes.trash.purge(due)).length : 0;
      return notesGone + (await purgeDueItems(items, p.now()));
    },
    isLeader: leader.isLeader,
    onLeaderChange: (l) => leader.onChange(l),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return {
    entry,
    services,
    bodies,
    notes,
    registry,
    settings,
    device,
    host,
    directory,
    search,
    extraction,
    fileTexts: createFileTextReads(db),
    leader,
    reminders,
    subscribe: (l) => feed.subscribe(l),
    close() {
      reminders.stop();
      trashPurge.stop();
      leader.resign();
      feed.close();
      db.close();
    },
  };
}
