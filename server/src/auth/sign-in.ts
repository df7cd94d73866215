import type { SessionTokens, SignInRequest } from '../../../src/sync/protocol/auth';
import type { Deps } from '../deps';
import { ok, type Result } from '../domain/result';
import { devSeedStatement } from '../plans/entitlement';
import { sql } from '../ports/sql';
import { consumeOtp } from './otp';
import { startSession } from './sessions';

/**
 * Sign-in with a one-time code: creates the account on first sign-in, registers a NEW device
 * with its Ed25519 public key (a device id is never reused, so a reinstalled client cannot
 * inherit another key's history) and starts a session. All rows commit in one transaction.
 */
export async function signIn(deps: Deps, req: SignInRequest): Promise<Result<SessionTokens>> {
  const consumed = await consumeOtp(deps, req.email, req.code);
  if (!consumed.ok) return consumed;
  return signInVerified(deps, req.email, req.device);
}

/**
 * The account of an email someone proved they hold (a one-time code, or an identity provider's
 * verified email: docs/oauth.md), made on first sign-in, with a NEW device and a session.
 */
export async function signInVerified(
  deps: Deps,
  email: string,
  device: SignInRequest['device'],
): Promise<Result<SessionTokens>> {
  const req = { email, device };
  const now = deps.clock.nowMs();
  // Insert-if-absent then read back: two first sign-ins racing for one email share one account.
  await deps.sql.run(
    sql(
      'INSERT INTO users (id, email, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING',
      crypto.randomUUID(),
      req.email,
      now,
    ),
  );
  const user = await deps.sql.first<{ id: string }>(sql('SELECT id FROM users WHERE email = ?', req.email));
  if (!user) throw new Error('account row missing right after insert');
  const userId = user.id;
  const deviceId = crypto.randomUUID();
  const stmts = [
    sql(
      'INSERT INTO devices (id, user_id, name, platform, public_key, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      deviceId,
      userId,
      req.device.name,
      req.device.platform ?? null,
      req.device.publicKey,
      now,
    ),
  ];
  const seed = devSeedStatement(deps, userId, req.email);
  if (seed) stmts.push(seed);
  return ok(await startSession(deps, userId, deviceId, stmts));
}
