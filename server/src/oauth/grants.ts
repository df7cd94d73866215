import type { Deps } from '../deps';
import { randomToken, sha256HexOf } from '../domain/tokens';
import { sql } from '../ports/sql';

/** An authorization in flight: the browser was sent to the provider (docs/oauth.md). */
export interface Flow {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

export const FLOW_TTL_MS = 10 * 60_000;
export const SETUP_TOKEN_TTL_SECONDS = 300;

export async function saveFlow(deps: Deps, flow: Flow): Promise<void> {
  const now = deps.clock.nowMs();
  await deps.sql.batch([
    sql('DELETE FROM oauth_flows WHERE expires_at < ?', now),
    sql(
      'INSERT INTO oauth_flows (state, code_verifier, nonce, redirect_uri, expires_at) VALUES (?, ?, ?, ?, ?)',
      flow.state,
      flow.codeVerifier,
      flow.nonce,
      flow.redirectUri,
      now + FLOW_TTL_MS,
    ),
  ]);
}

/** The flow of `state`, once: it is deleted as it is read; an expired one answers null. */
export async function takeFlow(deps: Deps, state: string): Promise<Flow | null> {
  const row = await deps.sql.first<{
    state: string;
    code_verifier: string;
    nonce: string;
    redirect_uri: string;
    expires_at: number;
  }>(sql('DELETE FROM oauth_flows WHERE state = ? RETURNING *', state));
  if (!row || row.expires_at < deps.clock.nowMs()) return null;
  return {
    state: row.state,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    redirectUri: row.redirect_uri,
  };
}

/** A setup token for `email` (stored hashed), valid once for SETUP_TOKEN_TTL_SECONDS. */
export async function issueSetupToken(deps: Deps, email: string): Promise<string> {
  const token = randomToken(32);
  const now = deps.clock.nowMs();
  await deps.sql.batch([
    sql('DELETE FROM oauth_setup_tokens WHERE expires_at < ?', now),
    sql(
      'INSERT INTO oauth_setup_tokens (token_hash, email, expires_at) VALUES (?, ?, ?)',
      await sha256HexOf(token),
      email,
      now + SETUP_TOKEN_TTL_SECONDS * 1000,
    ),
  ]);
  return token;
}

/** The email a setup token vouches for, once; null when unknown, used or expired. */
export async function takeSetupToken(deps: Deps, token: string): Promise<string | null> {
  const row = await deps.sql.first<{ email: string; expires_at: number }>(
    sql(
      'DELETE FROM oauth_setup_tokens WHERE token_hash = ? RETURNING email, expires_at',
      await sha256HexOf(token),
    ),
  );
  return row && row.expires_at >= deps.clock.nowMs() ? row.email : null;
}
