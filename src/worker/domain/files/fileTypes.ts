/**
 * The five kinds of vault item (spec 2.2): markdown notes and filed pdf, image, audio and video
 * files. A file of any other kind is refused with a clear error, never stored half-known.
 */
export type FileType = 'markdown' | 'pdf' | 'image' | 'audio' | 'video';
export type FiledType = Exclude<FileType, 'markdown'>;

const BY_EXTENSION: Record<string, { type: FileType; mime: string }> = {
  md: { type: 'markdown', mime: 'text/markdown' },
  markdown: { type: 'markdown', mime: 'text/markdown' },
  pdf: { type: 'pdf', mime: 'application/pdf' },
  png: { type: 'image', mime: 'image/png' },
  jpg: { type: 'image', mime: 'image/jpeg' },
  jpeg: { type: 'image', mime: 'image/jpeg' },
  gif: { type: 'image', mime: 'image/gif' },
  webp: { type: 'image', mime: 'image/webp' },
  avif: { type: 'image', mime: 'image/avif' },
  bmp: { type: 'image', mime: 'image/bmp' },
  svg: { type: 'image', mime: 'image/svg+xml' },
  ico: { type: 'image', mime: 'image/x-icon' },
  mp3: { type: 'audio', mime: 'audio/mpeg' },
  ogg: { type: 'audio', mime: 'audio/ogg' },
  oga: { type: 'audio', mime: 'audio/ogg' },
  wav: { type: 'audio', mime: 'audio/wav' },
  m4a: { type: 'audio', mime: 'audio/mp4' },
  flac: { type: 'audio', mime: 'audio/flac' },
  opus: { type: 'audio', mime: 'audio/opus' },
  mp4: { type: 'video', mime: 'video/mp4' },
  m4v: { type: 'video', mime: 'video/mp4' },
  webm: { type: 'video', mime: 'video/webm' },
  mov: { type: 'video', mime: 'video/quicktime' },
  ogv: { type: 'video', mime: 'video/ogg' },
  mkv: { type: 'video', mime: 'video/x-matroska' },
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind and MIME type of a file, from its name (and its declared MIME type as a fallback). */
export function classifyFile(name: string, declaredMime = ''): { type: FileType; mime: string } | null {
  const known = BY_EXTENSION[extensionOf(name)];
  if (known) return known;
  const m = declaredMime.toLowerCase();
  if (m === 'application/pdf') return { type: 'pdf', mime: m };
  for (const t of ['image', 'audio', 'video'] as const)
    if (m.startsWith(`${t}/`)) return { type: t, mime: m };
  if (m === 'text/markdown') return { type: 'markdown', mime: m };
  return null;
}
