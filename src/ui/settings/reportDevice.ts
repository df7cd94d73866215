import type { DeviceFacts } from '../../worker/settings/deviceFacts';

const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

/**
 * What this page can tell about recording: MediaRecorder and the microphone permission exist on
 * the page only, so the worker learns them from here (settings.getVoiceRecordingReadiness).
 */
export async function deviceFacts(): Promise<DeviceFacts> {
  const hasRecorder = typeof MediaRecorder !== 'undefined';
  let microphone: DeviceFacts['microphone'] = 'unknown';
  try {
    const status = await navigator.permissions?.query({ name: 'microphone' as PermissionName });
    if (status) microphone = status.state;
  } catch {
    // Some browsers do not know the microphone permission name: the state stays unknown.
  }
  return {
    mediaRecorder: hasRecorder,
    audioMimeType: hasRecorder ? (AUDIO_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null) : null,
    getUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
    microphone,
    secureContext: window.isSecureContext,
  };
}
