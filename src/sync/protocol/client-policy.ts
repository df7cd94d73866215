/**
 * Client policy (spec 2.8, 3.1): one row per platform with a semver write floor and a kill
 * switch. `GET /sync/status` echoes the caller's policy only when it identified itself.
 */
import type { ClientPlatform } from './client-header';

export interface ClientPolicyEcho {
  platform: ClientPlatform;
  version: string;
  /** null: no floor (no row, NULL or unparseable) */
  minWriteVersion: string | null;
  writesEnabled: boolean;
  /** the verdict a write from this client would get now */
  writeAllowed: boolean;
}

export interface StatusResponse {
  ok: true;
  userId: string;
  deviceId: string;
  clientPolicy?: ClientPolicyEcho;
}
