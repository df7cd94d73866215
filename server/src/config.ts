/** Service configuration resolved once from the environment; platform-free. */
export interface ServiceConfig {
  development: boolean;
  /**
   * Development accounts (code in the response, dev_seed Believer plan): exact lowercased emails,
   * or `@domain` entries that match every address of that domain.
   */
  devAccounts: { has(email: string): boolean };
  /** byte budget of items on a socket frame (`SYNC_SOCKET_ITEMS_MAX_BYTES`; 0 = hint-only frames) */
  socketItemsMaxBytes: number;
  /** per-IP ceiling of the unauthenticated auth routes, per minute */
  authRatePerMinute: number;
  allowedOrigins: readonly string[];
  tokenSecret: string | null;
  /** HMAC secret of bootstrap session tokens (spec 2.10); null: the routes answer 501 */
  bootstrapSecret: string | null;
  /** adds a Server-Timing header (sig, d1, r2 split) to sync responses */
  serverTiming: boolean;
}

export function readConfig(vars: {
  ENVIRONMENT?: string;
  DEV_ACCOUNTS?: string;
  ALLOWED_ORIGINS?: string;
  TOKEN_SECRET?: string;
  BOOTSTRAP_SECRET?: string;
  AUTH_RATE_PER_MINUTE?: string;
  SYNC_SOCKET_ITEMS_MAX_BYTES?: string;
}): ServiceConfig {
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  const development = vars.ENVIRONMENT === 'development';
  return {
    development,
    devAccounts: devAccountMatcher(list(vars.DEV_ACCOUNTS)),
    socketItemsMaxBytes: nonNegative(vars.SYNC_SOCKET_ITEMS_MAX_BYTES) ?? 64 * 1024,
    authRatePerMinute: Number.parseInt(vars.AUTH_RATE_PER_MINUTE ?? '', 10) || 30,
    allowedOrigins: list(vars.ALLOWED_ORIGINS),
    tokenSecret: vars.TOKEN_SECRET && vars.TOKEN_SECRET.length >= 32 ? vars.TOKEN_SECRET : null,
    bootstrapSecret:
      vars.BOOTSTRAP_SECRET && vars.BOOTSTRAP_SECRET.length >= 32 ? vars.BOOTSTRAP_SECRET : null,
    serverTiming: development,
  };
}

function devAccountMatcher(entries: readonly string[]): { has(email: string): boolean } {
  const exact = new Set(entries.filter((e) => !e.startsWith('@')).map((e) => e.toLowerCase()));
  const domains = entries.filter((e) => e.startsWith('@')).map((e) => e.toLowerCase());
  return {
    has: (email) => exact.has(email.toLowerCase()) || domains.some((d) => email.toLowerCase().endsWith(d)),
  };
}

function nonNegative(v: string | undefined): number | null {
  return v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null;
}
