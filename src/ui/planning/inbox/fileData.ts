/** A file's bytes as base64 (what the capture operations take), without the data: URL prefix. */
export function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** base64 back to a Blob of `type` (a capture's file, to show or play). */
export function fromBase64(data: string, type: string): Blob {
  const bin = atob(data);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Which capture operation takes a file, from its type; null for anything else. */
export function captureOpFor(
  type: string,
): 'inbox.captureImage' | 'inbox.capturePdf' | 'inbox.captureVoice' | null {
  if (type.startsWith('image/')) return 'inbox.captureImage';
  if (type === 'application/pdf') return 'inbox.capturePdf';
  if (type.startsWith('audio/')) return 'inbox.captureVoice';
  return null;
}
