import { createResource, createSignal, For, Show } from 'solid-js';
import type { DeviceInfo } from '../../sync/protocol/devices';
import { syncApi } from './syncSource';

/**
 * The account's devices (`GET /devices`), this one marked, each other one with a Revoke button
 * that asks for confirmation first: a revoked device stops syncing at once and must sign in again.
 */
export function DeviceList() {
  const [confirming, setConfirming] = createSignal<DeviceInfo | null>(null);
  const [error, setError] = createSignal('');
  const [devices, { refetch }] = createResource(async () => {
    const res = await syncApi()?.devices();
    if (!res) return [];
    if (!res.ok) {
      setError(`The device list could not be read: ${res.error.message}.`);
      return [];
    }
    return res.value;
  });
  async function revoke(device: DeviceInfo) {
    const res = await syncApi()?.revokeDevice(device.deviceId);
    setConfirming(null);
    if (res && !res.ok) setError(`${device.name} could not be revoked: ${res.error.message}.`);
    else setError('');
    await refetch();
  }
  return (
    <section class="sync-devices" aria-label="Devices">
      <h4>Devices</h4>
      <ul>
        <For each={devices() ?? []}>
          {(d) => (
            <li>
              <span>
                {d.name}
                {d.current ? ' (this device)' : ''}
                <small> · since {new Date(d.createdAt).toLocaleDateString()}</small>
              </span>
              <Show when={!d.current}>
                <button type="button" onClick={() => setConfirming(d)} aria-label={`Revoke ${d.name}`}>
                  Revoke
                </button>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={confirming()}>
        {(d) => (
          <div role="alertdialog" aria-labelledby="sync-revoke-title" class="sync-confirm">
            <p id="sync-revoke-title">
              Revoke {d().name}? It stops syncing at once and keeps only what it already has.
            </p>
            <button type="button" class="danger" onClick={() => void revoke(d())}>
              Revoke device
            </button>{' '}
            <button type="button" onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        )}
      </Show>
      <Show when={error()}>
        <p role="alert">{error()}</p>
      </Show>
    </section>
  );
}
