/** Bindings and variables of the Worker (server/wrangler.jsonc; secrets from .dev.vars or `wrangler secret`). */
export interface Env {
  DB: D1Database;
  BLOBS: R2Bucket;
  VAULT_HUB: DurableObjectNamespace;
  ENVIRONMENT: string;
  DEV_ACCOUNTS: string;
  ALLOWED_ORIGINS: string;
  /** HMAC secret of access tokens; required. */
  TOKEN_SECRET?: string;
  AUTH_RATE_PER_MINUTE?: string;
}
