-- Sign-in with an OpenID Connect provider (issue 20 part 3, docs/oauth.md). Two single-use,
-- short-lived rows: an authorization in flight (the browser was sent to the provider: its state,
-- PKCE verifier, nonce and where to send the browser back) and a setup token (the provider vouched
-- for an email; the app trades it, with its device key, for a session). Both are deleted when
-- used; expired ones are swept on the next insert. Change log: 2026-11-28 (session 12) created.

CREATE TABLE oauth_flows (
  state TEXT PRIMARY KEY,
  code_verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE oauth_setup_tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
