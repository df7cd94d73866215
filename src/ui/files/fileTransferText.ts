import type { FileTransferState } from '../../worker/sync/attachmentSync';

/** "14:05" in the user's locale: when a failed transfer is tried again. */
const clock = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

const percent = (done: number, total: number) => `${Math.floor((100 * done) / Math.max(1, total))} %`;

/**
 * Where a file's bytes are, in words (issue 15 part 5). `deviceName` names a device id of the
 * account (null when it is not known here).
 */
export function fileTransferText(s: FileTransferState, deviceName: (id: string) => string | null): string {
  switch (s.where) {
    case 'local':
      return 'On this device';
    case 'uploading':
      return s.error
        ? `Upload failed: ${s.error.message}${s.retryAt ? `, retrying at ${clock(s.retryAt)}` : ''}`
        : `On this device, uploading ${percent(s.done, s.total)}`;
    case 'downloading':
      return `Downloading ${percent(s.done, s.total)}`;
    case 'queued':
      return 'Waiting to download';
    case 'not_downloaded':
      return s.mode === 'never'
        ? 'Not downloaded: this device downloads no files (Settings → Sync)'
        : 'Not downloaded yet';
    case 'waiting_upload': {
      const name = s.uploaderDeviceId ? deviceName(s.uploaderDeviceId) : null;
      return name ? `Waiting for ${name} to upload it` : 'Waiting for the device that added it to upload it';
    }
    case 'failed':
      return `Failed: ${s.error.message}, ${s.retryAt ? `retrying at ${clock(s.retryAt)}` : 'not retried automatically'}`;
    case 'not_a_file':
      return '';
  }
}
