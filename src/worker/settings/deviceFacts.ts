/**
 * What the tab knows about this device's recording abilities. MediaRecorder and the microphone
 * permission exist only on the page, not in the vault worker, so the UI reports them when it
 * starts (VaultApi.reportDevice) and again when they change.
 */
export interface DeviceFacts {
  mediaRecorder: boolean;
  /** the first audio type MediaRecorder accepts here, e.g. audio/webm;codecs=opus */
  audioMimeType: string | null;
  getUserMedia: boolean;
  microphone: 'granted' | 'denied' | 'prompt' | 'unknown';
  secureContext: boolean;
}

export interface RecordingReadiness extends Partial<DeviceFacts> {
  ready: boolean;
  /** why not, or what the user is asked first */
  reason: string;
  /** recordings are kept as audio; no model turns them into text (docs/settings.md) */
  transcription: 'unavailable';
}

export interface DeviceFactsPort {
  report(facts: DeviceFacts): void;
  current(): DeviceFacts | null;
}

export function createDeviceFacts(): DeviceFactsPort {
  let facts: DeviceFacts | null = null;
  return {
    report: (f) => {
      facts = { ...f };
    },
    current: () => facts,
  };
}

/** Whether a voice capture can start now, and if not, why: derived from the reported facts only. */
export function recordingReadiness(facts: DeviceFacts | null): RecordingReadiness {
  const transcription = 'unavailable' as const;
  if (facts === null)
    return {
      ready: false,
      reason: 'No app window has reported this device’s recording support yet.',
      transcription,
    };
  const base = { ...facts, transcription };
  if (!facts.secureContext)
    return { ...base, ready: false, reason: 'Recording needs a secure (https or localhost) page.' };
  if (!facts.mediaRecorder || !facts.getUserMedia)
    return { ...base, ready: false, reason: 'This browser cannot record audio (no MediaRecorder).' };
  if (facts.microphone === 'denied')
    return {
      ...base,
      ready: false,
      reason: 'Microphone access was denied; allow it in the browser’s site settings.',
    };
  const reason =
    facts.microphone === 'granted'
      ? 'Ready to record.'
      : 'Ready to record; the browser will ask for the microphone first.';
  return { ...base, ready: true, reason };
}
