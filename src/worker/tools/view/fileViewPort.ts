import type { FileRenderer } from './fileRenderer';

/**
 * The bytes vault_view_file draws and the renderer it draws them with. Reads only; a missing file
 * is null, never a throw.
 */
export interface FileViewPort {
  /** the bytes of a filed file (a note row whose file_type is not markdown), or null */
  blob(id: string): Promise<Blob | null>;
  /**
   * The file `name` embedded in note `noteId` (`attachments/<noteId>/<name>`): its stored name
   * (names match case-insensitively) and bytes, or null. A host without attachment storage
   * leaves it out; `attachment` then reaches only other filed files the note embeds.
   */
  attachment?(noteId: string, name: string): Promise<{ name: string; blob: Blob } | null>;
  renderer: FileRenderer;
}
