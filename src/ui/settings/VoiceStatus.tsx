import { createResource, For } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';

const STATUS_OPS = [
  ['Recording', 'settings.getVoiceRecordingReadiness', 'reason'],
  ['Transcription model', 'settings.getVoiceModelStatus', 'message'],
  ['Provider key', 'settings.getVoiceTranscriptionProviderKeyStatus', 'message'],
  ['AI model', 'settings.getAIModelStatus', 'message'],
] as const;

/** What this device can really do with voice and AI, read from the worker's status operations. */
export function VoiceStatus(props: { client: VaultClient }) {
  const [rows] = createResource(() =>
    Promise.all(
      STATUS_OPS.map(async ([label, op, field]) => {
        const res = await props.client.api.read(op, []);
        const text = res.ok ? String((res.value as Record<string, unknown>)[field] ?? '') : res.error.message;
        return { label, text };
      }),
    ),
  );
  return (
    <dl class="status-list" aria-label="Voice and AI status">
      <For each={rows()}>
        {(r) => (
          <>
            <dt>{r.label}</dt>
            <dd>{r.text}</dd>
          </>
        )}
      </For>
    </dl>
  );
}
