import { defineSettingsGroup } from '../defineSettingsGroup';

/**
 * Voice capture on this device (local: a microphone and a model belong to a device). No
 * transcription model or provider ships with Cairn, so `provider` has the one value `none`;
 * recordings are always kept (docs/settings.md).
 */
export const voiceTranscriptionSettings = defineSettingsGroup({
  name: 'voiceTranscription',
  op: 'VoiceTranscription',
  label: 'Voice',
  syncs: false,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      provider: { type: 'string', enum: ['none'], description: 'who transcribes recordings' },
      language: {
        type: 'string',
        pattern: '^[a-z]{2,3}(-[A-Z]{2})?$',
        examples: ['en', 'de-DE'],
        description: 'language of the recordings (BCP 47, e.g. en or de-DE)',
      },
      transcribeAutomatically: {
        type: 'boolean',
        description: 'transcribe each recording when a provider is available',
      },
    },
    required: ['provider', 'language', 'transcribeAutomatically'],
  },
  defaults: { provider: 'none', language: 'en', transcribeAutomatically: false },
});
