import { type DeviceFactsPort, recordingReadiness } from '../../settings/deviceFacts';
import type { SettingsStore } from '../../settings/settingsStore';
import { defineOperation, type Operation } from '../defineOperation';
import { ok } from '../result';

const NO_VOICE_MODEL =
  'No speech-to-text model ships with Cairn, so recordings are kept as audio and not transcribed.';

/**
 * The status reads of voice and AI: they answer what is really on this device. Cairn ships no
 * transcription model, no transcription provider (so no key) and runs no AI model itself.
 */
export function settingsStatusOperations(store: SettingsStore, device: DeviceFactsPort): Operation[] {
  const read = { kind: 'read', params: [] as const } as const;
  return [
    defineOperation({
      ...read,
      name: 'settings.getVoiceModelStatus',
      summary: 'Whether a speech-to-text model is installed on this device.',
      handler: async () => {
        const { provider, language } = await store.getGroup('voiceTranscription');
        return ok({ status: 'not_installed', model: null, provider, language, message: NO_VOICE_MODEL });
      },
    }),
    defineOperation({
      ...read,
      name: 'settings.getVoiceTranscriptionProviderKeyStatus',
      summary: 'Whether a key for a transcription provider is stored.',
      handler: async () =>
        ok({
          provider: (await store.getGroup('voiceTranscription')).provider,
          configured: false,
          message: 'Cairn has no transcription provider, so no key is asked for or stored.',
        }),
    }),
    defineOperation({
      ...read,
      name: 'settings.getVoiceRecordingReadiness',
      summary: 'Whether this device can record a voice capture now (MediaRecorder, microphone permission).',
      handler: () => ok(recordingReadiness(device.current())),
    }),
    defineOperation({
      ...read,
      name: 'settings.getAIModelStatus',
      summary: 'Whether Cairn runs an AI model on this device.',
      handler: () =>
        ok({
          status: 'not_installed',
          model: null,
          message:
            'Cairn runs no AI model itself; agents connect from outside through /mcp, WebMCP or window.cairnAgent.',
        }),
    }),
  ];
}
