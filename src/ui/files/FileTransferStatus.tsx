import { createResource, Show } from 'solid-js';
import type { FileTransferState } from '../../worker/sync/attachmentSync';
import { syncApi } from '../sync/syncSource';
import { fileTransferText } from './fileTransferText';

/** The line under a file that says where its bytes are, with "Download now" when they are not coming. */
export function FileTransferStatus(props: { state: FileTransferState; onDownload: () => void }) {
  // device names for "Waiting for <device> to upload it": asked only when that line is shown
  const [devices] = createResource(
    () => props.state.where === 'waiting_upload' && syncApi(),
    async (api) => {
      const answer = await api.devices();
      return answer.ok ? answer.value : [];
    },
  );
  const nameOf = (id: string) => devices()?.find((d) => d.deviceId === id)?.name ?? null;
  const failed = () =>
    props.state.where === 'failed' || (props.state.where === 'uploading' && props.state.error);
  return (
    <Show when={props.state.where !== 'not_a_file'}>
      <p class="file-transfer" role="status" data-where={props.state.where}>
        <span classList={{ 'extraction-failed': !!failed() }}>{fileTransferText(props.state, nameOf)}</span>
        <Show when={props.state.where === 'downloading' && props.state}>
          {(s) => (
            <>
              {' '}
              <progress
                max={(s() as { total: number }).total}
                value={(s() as { done: number }).done}
                aria-label="Download progress"
              />
            </>
          )}
        </Show>
        <Show when={props.state.where === 'not_downloaded' || props.state.where === 'failed'}>
          {' '}
          <button type="button" onClick={() => props.onDownload()}>
            {props.state.where === 'failed' ? 'Try again now' : 'Download now'}
          </button>
        </Show>
      </p>
    </Show>
  );
}
