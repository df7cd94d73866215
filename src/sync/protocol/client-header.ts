/**
 * `x-svc-client: <platform>/<semver>[+<build>]` (spec 9.1). Cairn itself identifies as `web`.
 * A malformed value, including ANY pre-release version, parses to null and is treated as absent.
 */
export const CLIENT_PLATFORMS = ['ios', 'android', 'desktop', 'web'] as const;
export type ClientPlatform = (typeof CLIENT_PLATFORMS)[number];

export interface ClientIdentity {
  platform: ClientPlatform;
  version: string;
  build: string | null;
}

export type SemVer = readonly [number, number, number];

const HEADER =
  /^(ios|android|desktop|web)\/(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:\+([0-9A-Za-z.-]{1,64}))?$/;

export function parseClientHeader(value: string | null): ClientIdentity | null {
  if (value === null) return null;
  const m = HEADER.exec(value.trim());
  if (!m) return null;
  return { platform: m[1] as ClientPlatform, version: `${m[2]}.${m[3]}.${m[4]}`, build: m[5] ?? null };
}

/** Parses a plain `major.minor.patch` (a policy floor); anything else is null ("unparseable"). */
export function parseSemVer(value: string | null): SemVer | null {
  if (value === null) return null;
  const m = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/.exec(value.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

export function compareSemVer(a: SemVer, b: SemVer): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  return 0;
}
