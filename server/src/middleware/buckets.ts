import type { BucketRule } from './rate-limit';

/**
 * Rate buckets of spec 8.1 with their bootstrap multipliers (a valid `X-Svc-Bootstrap-Token`
 * of the same user, device and vault raises the pull buckets only). Ceilings the spec leaves
 * open: status 120/min, vaults 60/min, socket handshakes 60/min, attachment chunk uploads 600/min
 * (per device).
 */
export const BUCKETS = {
  sync_push: { bucket: 'sync_push', limit: 300, windowSeconds: 60, key: 'device' },
  crdt_push: { bucket: 'crdt_push', limit: 300, windowSeconds: 60, key: 'device' },
  crdt_pull: { bucket: 'crdt_pull', limit: 600, windowSeconds: 60, key: 'device', bootstrapMultiplier: 5 },
  crdt_batch_pull: {
    bucket: 'crdt_batch_pull',
    limit: 30,
    windowSeconds: 60,
    key: 'device',
    bootstrapMultiplier: 5,
  },
  sync_pull: { bucket: 'sync_pull', limit: 120, windowSeconds: 60, key: 'device', bootstrapMultiplier: 3 },
  sync_changes: {
    bucket: 'sync_changes',
    limit: 60,
    windowSeconds: 60,
    key: 'account',
    bootstrapMultiplier: 3,
  },
  sync_manifest: {
    bucket: 'sync_manifest',
    limit: 30,
    windowSeconds: 60,
    key: 'device',
    bootstrapMultiplier: 3,
  },
  bootstrap_session: { bucket: 'bootstrap_session', limit: 30, windowSeconds: 60, key: 'device' },
  sync_status: { bucket: 'sync_status', limit: 120, windowSeconds: 60, key: 'device' },
  sync_vaults: { bucket: 'sync_vaults', limit: 60, windowSeconds: 60, key: 'device' },
  sync_socket: { bucket: 'sync_socket', limit: 60, windowSeconds: 60, key: 'device' },
  // presign-batch (spec 8.1: 600/min, x5 under a bootstrap token); the signed GETs spend nothing
  blob_download: {
    bucket: 'blob_download',
    limit: 600,
    windowSeconds: 60,
    key: 'device',
    bootstrapMultiplier: 5,
  },
  // chunk uploads (Cairn's choice: 600 chunks of 1 MiB a minute per device, about 10 MB/s)
  attachment_upload: { bucket: 'attachment_upload', limit: 600, windowSeconds: 60, key: 'device' },
  // pack listing (spec 8.1: ordinary, never elevated; Cairn's ceiling: a bootstrap walks <= 20 pages)
  sync_packs: { bucket: 'sync_packs', limit: 60, windowSeconds: 60, key: 'device' },
} as const satisfies Record<string, BucketRule>;
