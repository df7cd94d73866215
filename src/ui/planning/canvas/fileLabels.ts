const KINDS: Record<string, string> = { pdf: 'PDF', image: 'Image', audio: 'Audio', video: 'Video' };

/** What a filed file is, in words ("PDF", "Image"). */
export const fileKind = (fileType: string) => KINDS[fileType] ?? fileType;

/** A file size for people: "812 B", "14 KB", "2.3 MB"; empty when unknown. */
export function sizeLabel(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
