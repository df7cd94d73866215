import Ajv2020 from 'ajv/dist/2020';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asNode } from '../../../src/worker/ops/schema';
import { SETTINGS_GROUPS } from '../../../src/worker/settings/settingsGroups';
import { openSettingsVault } from './harness';
import { otherValue, wrongType } from './otherValue';

type Vault = Awaited<ReturnType<typeof openSettingsVault>>;
const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });

/**
 * Generated per group of spec 4.4/4.5: its defaults pass its own schema and come back from
 * settings.get<Group>Settings; every field round-trips through set and a new store; a wrong type
 * or an unknown field is refused naming it, and changes nothing.
 */
describe.each(SETTINGS_GROUPS.map((g) => [g.name, g] as const))('settings group %s', (_name, group) => {
  let v: Vault;
  const getOp = `settings.get${group.op}Settings`;
  const setOp = `settings.set${group.op}Settings`;
  beforeEach(async () => {
    v = await openSettingsVault();
  });
  afterEach(async () => v.close());

  it('has defaults that pass its schema, and answers them before anything is set', async () => {
    expect(ajv.validate(group.schema, group.defaults), JSON.stringify(ajv.errors)).toBe(true);
    expect(Object.keys(group.defaults).sort()).toEqual([...group.schema.required].sort());
    expect(await v.read(getOp)).toEqual({ ok: true, value: group.defaults });
  });

  it('round-trips every field, kept where the group belongs', async () => {
    const patch: Record<string, unknown> = {};
    const defaults: Record<string, unknown> = group.defaults;
    for (const [field, schema] of Object.entries(group.schema.properties))
      patch[field] = otherValue(asNode(schema), defaults[field]);
    const res = await v.write(setOp, patch);
    expect(res).toEqual({ ok: true, value: patch });
    expect(await v.read(getOp)).toEqual({ ok: true, value: patch });
    const keys = Object.keys(patch).map((f) => `${group.name}.${f}`);
    const inVault = await v.db.settings.bulkGet(keys);
    const onDevice = await v.meta.deviceSettings.bulkGet(keys);
    if (group.syncs) {
      expect(inVault.map((r) => r?.value)).toEqual(Object.values(patch));
      expect(inVault.every((r) => r?.clock.devA === 1)).toBe(true);
      expect(onDevice.every((r) => r === undefined)).toBe(true);
    } else {
      expect(onDevice.map((r) => r?.value)).toEqual(Object.values(patch));
      expect(inVault.every((r) => r === undefined)).toBe(true);
    }
    const table = group.syncs ? 'settings' : 'deviceSettings';
    expect(v.batches.at(-1)?.changes).toEqual([{ table, op: 'put', ids: keys }]);
  });

  it('changes only the fields of a partial patch, and reads each one by key', async () => {
    const [field, schema] = Object.entries(group.schema.properties)[0] as [string, object];
    const defaults: Record<string, unknown> = group.defaults;
    const value = otherValue(asNode(schema), defaults[field]);
    await v.write(setOp, { [field]: value });
    expect(await v.read(getOp)).toEqual({ ok: true, value: { ...defaults, [field]: value } });
    expect(await v.read('settings.get', `${group.name}.${field}`)).toEqual({ ok: true, value });
  });

  it('refuses an unknown field and each wrong type, naming the field, changing nothing', async () => {
    const unknown = await v.write(setOp, { notASetting: true });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok)
      expect(unknown.error).toMatchObject({ code: 'VALIDATION', field: 'args[0].notASetting' });
    for (const [field, schema] of Object.entries(group.schema.properties)) {
      const res = await v.write(setOp, { [field]: wrongType(asNode(schema)) });
      expect(res.ok, field).toBe(false);
      if (!res.ok) expect(res.error).toMatchObject({ code: 'VALIDATION', field: `args[0].${field}` });
      const single = await v.write('settings.set', `${group.name}.${field}`, wrongType(asNode(schema)));
      expect(single.ok).toBe(false);
      if (!single.ok) expect(single.error).toMatchObject({ code: 'VALIDATION', field: 'args[1]' });
    }
    expect(await v.read(getOp)).toEqual({ ok: true, value: group.defaults });
    expect(await v.db.settings.count()).toBe(0);
    expect(await v.meta.deviceSettings.count()).toBe(0);
    expect(v.batches).toEqual([]);
  });
});
