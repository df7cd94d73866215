/** Service configuration resolved once from the environment; platform-free. */
export interface ServiceConfig {
  development: boolean;
  /** lowercased emails that get dev conveniences (code in the response, dev_seed Believer plan) */
  devAccounts: ReadonlySet<string>;
  allowedOrigins: readonly string[];
  tokenSecret: string | null;
  /** adds a Server-Timing header (sig, d1, r2 split) to sync responses */
  serverTiming: boolean;
}

export function readConfig(vars: {
  ENVIRONMENT?: string;
  DEV_ACCOUNTS?: string;
  ALLOWED_ORIGINS?: string;
  TOKEN_SECRET?: string;
}): ServiceConfig {
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  const development = vars.ENVIRONMENT === 'development';
  return {
    development,
    devAccounts: new Set(list(vars.DEV_ACCOUNTS).map((e) => e.toLowerCase())),
    allowedOrigins: list(vars.ALLOWED_ORIGINS),
    tokenSecret: vars.TOKEN_SECRET && vars.TOKEN_SECRET.length >= 32 ? vars.TOKEN_SECRET : null,
    serverTiming: development,
  };
}
