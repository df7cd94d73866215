/**
 * Per-vault notification hub (a Durable Object per vault). Broadcasts are best-effort: `notify`
 * never throws to the caller; a failure is captured in the background.
 */
export interface VaultHub {
  notify(userId: string, vaultId: string, frame: Record<string, unknown>): Promise<void>;
}
