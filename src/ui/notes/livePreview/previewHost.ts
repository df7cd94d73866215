import { Facet } from '@codemirror/state';
import type { LinkCandidate } from './linkTargets';

/** What a wiki link or an embed points at, as the vault worker resolved it. */
export interface LinkTarget {
  id: string;
  title: string;
  fileType: 'markdown' | 'pdf' | 'image' | 'audio' | 'video' | 'other' | string;
}

/**
 * The vault as Live Preview sees it: the few reads its widgets need, each answered by the vault
 * worker (never the whole vault), and how a followed link opens. The editor's extensions hold no
 * vault state of their own; NoteEditor builds this from the VaultClient.
 */
export interface PreviewHost {
  /** a wiki target (`Title#Heading`) or a markdown link's path; null when nothing matches */
  resolve(target: string): Promise<LinkTarget | null>;
  /** a filed file's bytes (images, PDFs, audio, video) */
  fileBlob(id: string): Promise<Blob | null>;
  /** the target's section, block or start as markdown (`notes.previewByTitle`) */
  preview(target: string): Promise<string | null>;
  /** draws a PDF in the app's PDF viewer inside `into`; answers how to take it down */
  mountPdf(blob: Blob, title: string, into: HTMLElement): () => void;
  /** follows a wiki link's inner text, or a local markdown link's path */
  follow(target: string): void;
  /** notes whose title or alias matches what was typed after `[[`, best first */
  titles(query: string): Promise<LinkCandidate[]>;
  /** one note's headings and aliases, for `[[Title#` and `[[Title|` (reads that note only) */
  outline(title: string): Promise<{ headings: string[]; aliases: string[] } | null>;
}

export const previewHost = Facet.define<PreviewHost | null, PreviewHost | null>({
  combine: (values) => values.find((v) => v !== null) ?? null,
});
