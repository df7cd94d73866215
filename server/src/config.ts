import { PLAN_IDS, type PlanId } from '../../src/sync/protocol/plans';
import { ACCESS_TOKEN_TTL_SECONDS } from './domain/access-token';

/**
 * The billing provider (Paddle Billing, docs/billing.md). Present only when every part is set:
 * the API key and webhook secret (Worker secrets), the price-to-plan map and the pricing page.
 */
export interface BillingConfig {
  provider: 'paddle';
  /** https://api.paddle.com, https://sandbox-api.paddle.com, or the local fake provider */
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** provider price id -> plan it grants */
  prices: ReadonlyMap<string, PlanId>;
  pricingUrl: string;
}

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
  /**
   * Lifetime of access tokens: 15 minutes. `ACCESS_TOKEN_TTL_SECONDS` shortens it in development
   * only (the server tests prove an expired token is refused without waiting 15 minutes); any
   * other environment ignores the variable.
   */
  accessTokenTtlSeconds: number;
  /** HMAC secret of the worker's signed object route (`OBJECT_URL_SECRET`); null: route off */
  objectUrlSecret: string | null;
  /** the OpenID Connect provider of the browser sign-in flow; null: GET /auth/oauth/idp answers 501 */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
  /** the mobile SDK's client id the native route checks ID tokens against; null: that route answers 501 */
  oidcMobileClientId: string | null;
  /** R2's S3 API credentials: presigned URLs go straight to R2 (docs/protocol.md) */
  r2Presign: { accountId: string; bucket: string; accessKeyId: string; secretAccessKey: string } | null;
  /** null: no provider; the checkout, reconcile and portal routes answer 501 BILLING_UNAVAILABLE */
  billing: BillingConfig | null;
}

export function readConfig(vars: {
  ENVIRONMENT?: string;
  DEV_ACCOUNTS?: string;
  ALLOWED_ORIGINS?: string;
  TOKEN_SECRET?: string;
  BOOTSTRAP_SECRET?: string;
  AUTH_RATE_PER_MINUTE?: string;
  SYNC_SOCKET_ITEMS_MAX_BYTES?: string;
  ACCESS_TOKEN_TTL_SECONDS?: string;
  OBJECT_URL_SECRET?: string;
  R2_ACCOUNT_ID?: string;
  R2_BUCKET_NAME?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  PADDLE_API_URL?: string;
  PADDLE_API_KEY?: string;
  PADDLE_WEBHOOK_SECRET?: string;
  PADDLE_PRICES?: string;
  PRICING_URL?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_NAME?: string;
  OIDC_MOBILE_CLIENT_ID?: string;
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
    accessTokenTtlSeconds:
      (development ? positive(vars.ACCESS_TOKEN_TTL_SECONDS) : null) ?? ACCESS_TOKEN_TTL_SECONDS,
    objectUrlSecret:
      vars.OBJECT_URL_SECRET && vars.OBJECT_URL_SECRET.length >= 32 ? vars.OBJECT_URL_SECRET : null,
    oidc:
      vars.OIDC_ISSUER && vars.OIDC_CLIENT_ID && vars.OIDC_CLIENT_SECRET
        ? {
            issuer: vars.OIDC_ISSUER,
            clientId: vars.OIDC_CLIENT_ID,
            clientSecret: vars.OIDC_CLIENT_SECRET,
            name: vars.OIDC_NAME || 'your identity provider',
          }
        : null,
    oidcMobileClientId: vars.OIDC_ISSUER && vars.OIDC_MOBILE_CLIENT_ID ? vars.OIDC_MOBILE_CLIENT_ID : null,
    r2Presign:
      vars.R2_ACCOUNT_ID && vars.R2_BUCKET_NAME && vars.R2_ACCESS_KEY_ID && vars.R2_SECRET_ACCESS_KEY
        ? {
            accountId: vars.R2_ACCOUNT_ID,
            bucket: vars.R2_BUCKET_NAME,
            accessKeyId: vars.R2_ACCESS_KEY_ID,
            secretAccessKey: vars.R2_SECRET_ACCESS_KEY,
          }
        : null,
    billing: billingConfig(vars),
  };
}

function billingConfig(vars: {
  PADDLE_API_URL?: string;
  PADDLE_API_KEY?: string;
  PADDLE_WEBHOOK_SECRET?: string;
  PADDLE_PRICES?: string;
  PRICING_URL?: string;
}): BillingConfig | null {
  const prices = new Map<string, PlanId>();
  for (const entry of (vars.PADDLE_PRICES ?? '').split(/[\s,]+/)) {
    const m = /^(pri_[a-z\d]{26}):(\w+)$/.exec(entry.trim());
    if (m && (PLAN_IDS as readonly string[]).includes(m[2] as string))
      prices.set(m[1] as string, m[2] as PlanId);
  }
  if (!vars.PADDLE_API_KEY || !vars.PADDLE_WEBHOOK_SECRET || prices.size === 0 || !vars.PRICING_URL)
    return null;
  return {
    provider: 'paddle',
    apiUrl: (vars.PADDLE_API_URL || 'https://api.paddle.com').replace(/\/+$/, ''),
    apiKey: vars.PADDLE_API_KEY,
    webhookSecret: vars.PADDLE_WEBHOOK_SECRET,
    prices,
    pricingUrl: vars.PRICING_URL,
  };
}

function devAccountMatcher(entries: readonly string[]): { has(email: string): boolean } {
  const exact = new Set(entries.filter((e) => !e.startsWith('@')).map((e) => e.toLowerCase()));
  const domains = entries.filter((e) => e.startsWith('@')).map((e) => e.toLowerCase());
  return {
    has: (email) => exact.has(email.toLowerCase()) || domains.some((d) => email.toLowerCase().endsWith(d)),
  };
}

function positive(v: string | undefined): number | null {
  const n = nonNegative(v);
  return n !== null && n > 0 ? n : null;
}

function nonNegative(v: string | undefined): number | null {
  return v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null;
}
