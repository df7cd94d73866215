import type { PackJob } from './ports/pack-jobs';

/** Bindings and variables of the Worker (server/wrangler.jsonc; secrets from .dev.vars or `wrangler secret`). */
export interface Env {
  DB: D1Database;
  BLOBS: R2Bucket;
  VAULT_HUB: DurableObjectNamespace;
  /** producer of pack compaction messages (server/wrangler.jsonc `queues`); the same worker consumes them */
  PACK_QUEUE?: Queue<PackJob>;
  ENVIRONMENT: string;
  /** development only (scripts/server-dev.mjs): accounts whose sign-in code is echoed */
  DEV_ACCOUNTS?: string;
  ALLOWED_ORIGINS: string;
  /** production email: API key (secret), sender address, and endpoint (default Resend's) */
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  MAIL_API_URL?: string;
  /** HMAC secret of access tokens; required. */
  TOKEN_SECRET?: string;
  /** HMAC secret of bootstrap session tokens (spec 2.10); unset: bootstrap answers 501. */
  BOOTSTRAP_SECRET?: string;
  /** HMAC secret of the worker's signed object route (32+ chars); unset: no worker-signed URLs */
  OBJECT_URL_SECRET?: string;
  /** R2's S3 API (vars: account id, bucket name; secrets: the key pair): real presigned URLs */
  R2_ACCOUNT_ID?: string;
  R2_BUCKET_NAME?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  /** Paddle Billing (docs/billing.md): API base (var; default https://api.paddle.com) */
  PADDLE_API_URL?: string;
  /** secrets: the API key and the notification destination's webhook secret */
  PADDLE_API_KEY?: string;
  PADDLE_WEBHOOK_SECRET?: string;
  /** var: `pri_…:plus,pri_…:pro,pri_…:believer`, the prices the pricing page sells */
  PADDLE_PRICES?: string;
  /** var: the pricing page the app opens with the checkout token in its fragment */
  PRICING_URL?: string;
  /**
   * Sign-in with an OpenID Connect provider (issue 20 part 3; docs/oauth.md): issuer URL, web
   * client id and (secret) client secret, the button's name; the mobile SDK's client id for the
   * native ID-token route. Unset: both routes answer 501 and the app shows no provider button.
   */
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_NAME?: string;
  OIDC_MOBILE_CLIENT_ID?: string;
  AUTH_RATE_PER_MINUTE?: string;
  SYNC_SOCKET_ITEMS_MAX_BYTES?: string;
  /** development only: a shorter access-token lifetime in seconds (tests of expiry) */
  ACCESS_TOKEN_TTL_SECONDS?: string;
  /** seconds between revocation checks of open sockets (1..60, default 60) */
  REVOCATION_CHECK_SECONDS?: string;
}
