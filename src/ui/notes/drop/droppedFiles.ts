import { classifyFile, type FileType } from '../../../worker/domain/files/fileTypes';

export interface DroppedFile {
  file: File;
  /** the name to store it under (a pasted image gets one) */
  name: string;
  type: FileType;
}

export interface SortedFiles {
  accepted: DroppedFile[];
  /** names of files that are none of markdown, pdf, image, audio, video */
  refused: string[];
}

const EXT_OF_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `Pasted image 20261121083500.png`, as Obsidian names a pasted image. */
export function pastedImageName(mime: string, at: Date): string {
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `Pasted image ${stamp}.${EXT_OF_MIME[mime] ?? 'png'}`;
}

/** Whether a drag carries files (not text or a link being dragged). */
export function carriesFiles(dt: DataTransfer | null): boolean {
  return dt !== null && [...dt.types].includes('Files');
}

/**
 * The files of a drop or paste, each classified as one of the five kinds (by extension, else by
 * MIME type); the others are named in `refused`, so the caller can refuse the whole drop.
 * `pasted`: clipboard images arrive as `image.png`; they get a dated name.
 */
export function sortFiles(files: readonly File[], pasted = false, now = new Date()): SortedFiles {
  const out: SortedFiles = { accepted: [], refused: [] };
  for (const file of files) {
    const kind = classifyFile(file.name, file.type);
    if (kind === null) {
      out.refused.push(file.name || file.type || 'a file');
      continue;
    }
    const name = pasted && kind.type === 'image' ? pastedImageName(kind.mime, now) : file.name;
    out.accepted.push({ file, name, type: kind.type });
  }
  return out;
}

export function refusalMessage(refused: readonly string[]): string {
  const list = refused.map((n) => `“${n}”`).join(', ');
  return `${list} ${refused.length === 1 ? 'is' : 'are'} not a note, PDF, image, audio or video file. Nothing was added.`;
}
