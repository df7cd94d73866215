import type { PdfFontSource } from '../domain/export/pdf/pdfFonts';
import { createDexieSearchReasons } from '../indexing/dexieReasonStore';
import type { LinkReads } from '../links/linkReads';
import type { Operation } from '../ops/defineOperation';
import { folderViewOperations } from '../ops/folderView/folderViewOperations';
import { graphOperations } from '../ops/graph/graphOperations';
import { linkOperations } from '../ops/links/linkOperations';
import { notesOperations } from '../ops/notes';
import { attachmentOperations } from '../ops/notes/attachmentOperations';
import { calendarPropertyOperations } from '../ops/notes/calendarPropertyOperations';
import { exportHtmlOperations } from '../ops/notes/exportHtmlOperation';
import { exportPdfOperations } from '../ops/notes/exportPdfOperation';
import { importFilesOperations } from '../ops/notes/importFilesOperation';
import { localOnlyOperations } from '../ops/notes/localOnlyOperations';
import { noteFolderOperations } from '../ops/notes/noteFolderOperations';
import { notePositionOperations } from '../ops/notes/notePositionOperations';
import { notesLookupOperations } from '../ops/notes/notesLookupOperations';
import { noteVersionOperations } from '../ops/notes/noteVersionOperations';
import { notePropertyOperations } from '../ops/properties/notePropertyOperations';
import type { PropertyDefinitionStore } from '../ops/properties/propertyDefinitionStore';
import { propertyOperations } from '../ops/properties/propertyOperations';
import { propertyRenameOperations } from '../ops/properties/propertyRenameOperations';
import type { Result } from '../ops/result';
import { type SearchPort, searchOperations } from '../ops/search';
import { searchAdminOperations } from '../ops/search/searchAdminOperations';
import { searchTagOperations } from '../ops/search/searchTagOperations';
import { settingsOperations } from '../ops/settings';
import { createNoteTagIndex } from '../ops/tags/noteTagIndex';
import { tagOperations } from '../ops/tags/tagOperations';
import { trashOperations } from '../ops/trash/trashOperations';
import { vaultHostOperations } from '../ops/vault/vaultOperations';
import { planningOperations } from '../planning';
import { recordsOperations } from '../planning/recordsOperations';
import { importFilesToProjectOperations } from '../planning/tasks/importFilesToProject';
import type { SearchStats } from '../search/searchIndex';
import { createDeviceFacts, type DeviceFactsPort } from '../settings/deviceFacts';
import { createSettingsStore, type SettingsStore } from '../settings/settingsStore';
import { createLocalOnly } from '../stores/localOnly';
import type { NoteBodies } from '../stores/noteBodies';
import type { NotesStore } from '../stores/notesStore';
import { itemTrashesOf } from '../trash/itemTrashes';
import type { VaultServices } from './services';
import type { VaultHost } from './vaultHost';

export interface VaultOperationDeps {
  services: VaultServices;
  notes: NotesStore;
  bodies: NoteBodies;
  linkReads: LinkReads;
  propertyDefs: PropertyDefinitionStore;
  search: SearchPort;
  /** search.rebuildIndex through the vault's indexer (absent in the describe build, which runs nothing) */
  rebuildSearch?: () => Promise<Result<SearchStats>>;
  /** The planning views' time zone; the describe build passes 'UTC'. */
  timeZone?: string;
  /** The vault's settings (openVault passes the one with the device database); else one in memory. */
  settings?: SettingsStore;
  /** What the tab reported about recording on this device (settings.getVoiceRecordingReadiness). */
  device?: DeviceFactsPort;
  /** The worker hosting the open vault (vault.*); absent in the describe build. */
  host?: VaultHost;
  /** The PDF export's Unicode font files; absent, it uses the standard fonts (WinAnsi only). */
  pdfFonts?: PdfFontSource;
}

/**
 * Every operation group of the vault, in one list: the vault worker registers it (openVault.ts)
 * and the build describes it into /mcp/tools.json (describeRegistry.ts). A new group goes here.
 */
export function vaultOperations(d: VaultOperationDeps): Operation[] {
  const { services, notes, bodies, linkReads, propertyDefs } = d;
  const noteTags = createNoteTagIndex(services.db, bodies);
  const settings = d.settings ?? createSettingsStore(services);
  return [
    ...notesOperations(notes),
    ...notesLookupOperations(services.db),
    ...noteVersionOperations(services.db, bodies),
    ...noteFolderOperations(services.db, services.feed),
    ...notePositionOperations(services.db, services.feed),
    ...calendarPropertyOperations(services.db, services.feed),
    ...attachmentOperations(notes.attachments),
    ...localOnlyOperations(createLocalOnly(services)),
    ...importFilesOperations(notes),
    ...importFilesToProjectOperations(services, notes, d.timeZone),
    ...exportHtmlOperations({
      get: (id) => notes.get(id),
      getBlob: (id) => notes.getBlob(id),
      resolve: (text, sourceId) => linkReads.resolveWikiTarget(text, sourceId),
    }),
    ...exportPdfOperations({
      get: (id) => notes.get(id),
      getBlob: (id) => notes.getBlob(id),
      resolve: (text, sourceId) => linkReads.resolveWikiTarget(text, sourceId),
      now: services.now,
      ...(d.pdfFonts ? { fonts: d.pdfFonts } : {}),
    }),
    ...linkOperations(linkReads),
    ...graphOperations(linkReads),
    ...tagOperations(noteTags),
    ...propertyOperations(propertyDefs),
    ...propertyRenameOperations(services.db, bodies, propertyDefs),
    ...notePropertyOperations(services.db, bodies, propertyDefs),
    ...folderViewOperations(services.db, notes, propertyDefs, services.feed),
    ...searchOperations(d.search),
    ...searchTagOperations(noteTags),
    ...searchAdminOperations({
      reasons: createDexieSearchReasons(services),
      ...(d.rebuildSearch ? { rebuild: d.rebuildSearch } : {}),
    }),
    ...planningOperations(services, d.timeZone, bodies, settings),
    ...settingsOperations(settings, d.device ?? createDeviceFacts()),
    ...recordsOperations(services, notes, d.timeZone, settings),
    ...vaultHostOperations(d.host),
    ...trashOperations(notes.trash, itemTrashesOf(services)),
  ];
}
