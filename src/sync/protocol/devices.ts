/** Device directory messages: `GET /auth/devices`, `GET /devices`, `POST /devices/revoke`. */
import * as v from 'valibot';
import type { ClientPlatform } from './client-header';
import { uuid } from './common';

export interface DeviceInfo {
  deviceId: string;
  name: string;
  platform: ClientPlatform | null;
  /** raw Ed25519 public key, base64 */
  publicKey: string;
  createdAt: number;
  /** set once revoked; `GET /devices` never lists revoked devices */
  revokedAt: number | null;
  /** true for the device that made the request */
  current: boolean;
}

export interface DeviceListResponse {
  devices: DeviceInfo[];
}

export const RevokeDeviceRequest = v.strictObject({ deviceId: uuid });
export type RevokeDeviceRequest = v.InferOutput<typeof RevokeDeviceRequest>;
