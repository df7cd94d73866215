import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, openDevice, value } from '../sync/syncDevice';

/** Plan and usage, linking a device with the code, the device list and revoke: real service. */
let service: SharedSyncService;
let a: Device;
let b: Device;

beforeAll(async () => {
  service = await sharedSyncService();
  a = await openDevice(service.url, 'A');
  b = await openDevice(service.url, 'B');
  const email = `link-${Date.now()}@test.cairn.local`;
  await a.signIn(email);
  expect(value<{ kind: string }>(await a.sync.setUp()).kind).toBe('created');
  await b.signIn(email);
  expect(value<{ kind: string }>(await b.sync.setUp()).kind).toBe('needs_key');
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const ok = <T>(res: SyncResult<T>): T => {
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.value;
};

describe('account screens against the real local service', () => {
  it('reports the plan, its limits and the usage', async () => {
    const report = ok(await a.sync.account.billing());
    expect(report).toMatchObject({ plan: 'believer', status: 'active', syncAllowed: true });
    expect(report.limits?.storageBytes).toBeGreaterThan(0);
    expect(report.usage.vaults).toBe(1);
  }, 30_000);

  it('links a second device with the code the first one shows, and refuses a wrong code', async () => {
    expect(ok(await a.sync.account.sponsorStart()).phase).toBe('waiting');
    expect(ok(await b.sync.account.joinStart()).phase).toBe('asking');
    expect(ok(await a.sync.account.sponsorPoll()).phase).toBe('exchanging');
    expect(ok(await b.sync.account.joinPoll()).phase).toBe('enter_code');
    const shown = ok(await a.sync.account.sponsorPoll());
    if (shown.phase !== 'code') throw new Error(`no code: ${shown.phase}`);
    expect(shown.code).toMatch(/^\d{6}$/);

    // a wrong code abandons the pairing: even a key sent afterwards is never opened
    const wrong = String((Number(shown.code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await b.sync.account.joinCode(wrong);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('LINK_CODE_MISMATCH');
    ok(await a.sync.account.sponsorSend());
    expect(ok(await b.sync.account.joinPoll()).phase).toBe('asking');
    expect((await b.sync.state()).setup).toBe('needs_key');

    // start again, and type the right code this time
    expect(ok(await a.sync.account.sponsorStart()).phase).toBe('waiting');
    ok(await b.sync.account.joinStart());
    ok(await a.sync.account.sponsorPoll());
    ok(await b.sync.account.joinPoll());
    const again = ok(await a.sync.account.sponsorPoll());
    if (again.phase !== 'code') throw new Error(`no code: ${again.phase}`);
    expect(ok(await b.sync.account.joinCode(again.code)).phase).toBe('confirmed');
    expect(ok(await a.sync.account.sponsorSend()).phase).toBe('sent');
    expect(ok(await b.sync.account.joinPoll()).phase).toBe('received');
    expect((await b.sync.state()).setup).toBe('ready');

    const note = value<{ id: string }>(await a.notes.create({ title: 'Linked', markdown: 'via code' }));
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect((await b.notes.get(note.id))?.title).toBe('Linked');
  }, 60_000);

  it('lists the devices, revokes one, and the revoked device stops syncing and says so', async () => {
    const devices = ok(await a.sync.account.devices());
    expect(devices).toHaveLength(2);
    const bId = (await b.sync.state()).account!.deviceId;
    expect(devices.find((d) => d.current)?.deviceId).toBe((await a.sync.state()).account!.deviceId);
    ok(await a.sync.account.revoke(bId));
    expect(ok(await a.sync.account.devices()).map((d) => d.deviceId)).not.toContain(bId);

    const after = value<{ id: string }>(await a.notes.create({ title: 'After revoke', markdown: 'x' }));
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect((await b.sync.state()).revoked).toBe(true);
    expect(await b.notes.get(after.id)).toBeNull();
    await b.sync.syncNow();
    expect(await b.notes.get(after.id)).toBeNull();
  }, 60_000);
});
