import type { AppError } from '../../../shared/result';
import type { VaultClient } from '../../vault/createVaultClient';

export type OpResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * Runs a registry operation as the UI. The worker validated the args against the operation's
 * schema and the reply is that operation's documented shape; `T` names it for the caller.
 */
export async function readOp<T>(client: VaultClient, op: string, ...args: unknown[]): Promise<OpResult<T>> {
  return (await client.api.read(op, args)) as OpResult<T>;
}

export async function writeOp<T>(client: VaultClient, op: string, ...args: unknown[]): Promise<OpResult<T>> {
  return (await client.api.write(op, args)) as OpResult<T>;
}
