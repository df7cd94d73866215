import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asNode } from '../../../src/worker/ops/schema';
import { ARGS_ROOT } from '../../../src/worker/ops/validator';
import { createInboxStore } from '../../../src/worker/planning/inbox/inboxStore';
import { deviceSettingsBackend } from '../../../src/worker/settings/deviceSettingsBackend';
import type { SettingsGroupName } from '../../../src/worker/settings/settingsGroups';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { badInputCases, validBase } from '../../../src/worker/tools/badInput/badInputCases';
import { openSettingsVault } from './harness';

type Vault = Awaited<ReturnType<typeof openSettingsVault>>;

describe('settings store', () => {
  let v: Vault;
  beforeEach(async () => {
    v = await openSettingsVault();
  });
  afterEach(async () => v.close());

  it('announces the changed group to onChange listeners, once per write', async () => {
    const seen: SettingsGroupName[] = [];
    const stop = v.store.onChange((g) => seen.push(g));
    await v.store.setGroup('ai', { convertCheckboxesToTasksForAgents: true });
    await v.store.setGroup('general', { theme: 'dark' });
    await v.store.set('editor.fontSize', 18);
    stop();
    await v.store.setGroup('general', { theme: 'light' });
    expect(seen).toEqual(['ai', 'general', 'editor']);
    expect((await v.store.getGroup('ai')).convertCheckboxesToTasksForAgents).toBe(true);
  });

  it('keeps device-local settings across store instances, shared through the meta database', async () => {
    await v.store.setGroup('keyboard', { newNote: 'Alt+M' });
    const again = createSettingsStore(v.services, {
      device: deviceSettingsBackend(v.meta, v.services.feed, v.services.now),
    });
    expect((await again.getGroup('keyboard')).newNote).toBe('Alt+M');
    const reset = await v.write('settings.resetKeyboardSettings');
    expect(reset).toMatchObject({ ok: true, value: { newNote: 'Alt+N', quickSearch: 'Mod+K' } });
    expect((await again.getGroup('keyboard')).newNote).toBe('Alt+N');
  });

  it('advances a synced setting’s clock on every write', async () => {
    await v.store.set('task.defaultPriority', 2);
    await v.store.set('task.defaultPriority', 3);
    expect(await v.db.settings.get('task.defaultPriority')).toMatchObject({ value: 3, clock: { devA: 2 } });
  });

  it('reads the stale threshold that inbox.setStaleThreshold keeps, under the same key', async () => {
    await v.db.settings.put({ key: 'inbox.staleDays', value: 30, modifiedAt: '', clock: { devB: 1 } });
    expect((await v.store.getGroup('inbox')).staleDays).toBe(30);
    await v.store.setGroup('inbox', { staleDays: 5 });
    expect(await createInboxStore(v.services).staleDays()).toBe(5);
  });

  it('reads a stored value that fails its schema, or an unknown stored key, as the default', async () => {
    await v.db.settings.bulkPut([
      { key: 'graph.localDepth', value: 99, modifiedAt: '', clock: {} },
      { key: 'graph.fromTheFuture', value: 1, modifiedAt: '', clock: {} },
    ]);
    expect(await v.store.getGroup('graph')).toEqual({
      showOrphans: true,
      showAttachments: false,
      localDepth: 2,
    });
  });

  it('refuses an unknown key by name, with the keys of its group as candidates', async () => {
    const res = await v.store.get('general.colour');
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error).toMatchObject({ code: 'NOT_FOUND', field: 'key' });
      expect(res.error.candidates).toEqual(['general.theme']);
    }
    const op = await v.read('settings.get', 'general.colour');
    expect(op.ok).toBe(false);
    if (!op.ok) expect(op.error).toMatchObject({ code: 'VALIDATION', field: 'args[0]' });
  });

  it('asks approval before an agent changes a setting, and a denial changes nothing', async () => {
    const asked: string[] = [];
    const res = await v.registry.write('settings.setGeneralSettings', [{ theme: 'dark' }], {
      caller: { kind: 'agent', surface: 'mcp' },
      approve: async (r) => {
        asked.push(r.operation);
        return 'deny';
      },
    });
    expect(asked).toEqual(['settings.setGeneralSettings']);
    expect(res.ok).toBe(false);
    expect((await v.store.getGroup('general')).theme).toBe('system');
  });

  it('every settings operation refuses its generated bad input, naming the field', () => {
    const failures: string[] = [];
    for (const op of v.registry.list()) {
      const base = validBase(asNode(op.argsSchema));
      if (op.check(base) !== null) failures.push(`${op.name}: valid base refused`);
      for (const c of badInputCases(asNode(op.argsSchema), ARGS_ROOT)) {
        const error = op.check(c.value);
        if (error === null || error.field !== c.field) failures.push(`${op.name} ${c.name}: ${error?.field}`);
      }
    }
    expect(failures).toEqual([]);
    expect(v.registry.list().length).toBe(15 * 2 + 3 + 4);
  });
});

describe('voice and AI status', () => {
  let v: Vault;
  beforeEach(async () => {
    v = await openSettingsVault();
  });
  afterEach(async () => v.close());

  it('says that no model is installed and no provider key exists', async () => {
    expect(await v.read('settings.getVoiceModelStatus')).toMatchObject({
      ok: true,
      value: { status: 'not_installed', model: null, provider: 'none' },
    });
    expect(await v.read('settings.getAIModelStatus')).toMatchObject({
      ok: true,
      value: { status: 'not_installed' },
    });
    expect(await v.read('settings.getVoiceTranscriptionProviderKeyStatus')).toMatchObject({
      ok: true,
      value: { configured: false },
    });
  });

  it('derives recording readiness from what the tab reported', async () => {
    expect(await v.read('settings.getVoiceRecordingReadiness')).toMatchObject({
      ok: true,
      value: { ready: false },
    });
    const facts = {
      mediaRecorder: true,
      audioMimeType: 'audio/webm',
      getUserMedia: true,
      microphone: 'prompt',
      secureContext: true,
    } as const;
    v.device.report(facts);
    expect(await v.read('settings.getVoiceRecordingReadiness')).toMatchObject({
      ok: true,
      value: { ready: true, transcription: 'unavailable', audioMimeType: 'audio/webm' },
    });
    v.device.report({ ...facts, microphone: 'denied' });
    const denied = await v.read('settings.getVoiceRecordingReadiness');
    expect(denied).toMatchObject({ ok: true, value: { ready: false } });
    v.device.report({ ...facts, mediaRecorder: false });
    expect(await v.read('settings.getVoiceRecordingReadiness')).toMatchObject({
      ok: true,
      value: { ready: false, reason: expect.stringContaining('MediaRecorder') },
    });
  });
});
