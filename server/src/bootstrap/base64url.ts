import { base64urlnopad } from '@scure/base';

/** Unpadded base64url (RFC 4648 §5), as the bootstrap token carries it. */
export const toBase64Url = (bytes: Uint8Array): string => base64urlnopad.encode(bytes);

/** null for text that is not canonical unpadded base64url */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return new Uint8Array(base64urlnopad.decode(text));
  } catch {
    return null;
  }
}
