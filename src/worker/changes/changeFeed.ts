/**
 * The change feed from the vault worker to the UI: after a transaction commits, the rows it
 * actually changed are announced, once, to this tab's UI and (through a BroadcastChannel) to the
 * vault workers of the other tabs, which forward them to their own UI. Nothing is announced for
 * a transaction that rolled back, nor for a write that changed nothing.
 */
/** A table name of the vault database (notes, folders, tasks, ...). */
export type ChangeTable = string;

export interface Change {
  table: ChangeTable;
  op: 'put' | 'delete';
  ids: string[];
}

export interface ChangeBatch {
  vaultId: string;
  /** 'local' when this tab's worker wrote it, 'tab' when another tab did */
  origin: 'local' | 'tab';
  changes: Change[];
}

export type ChangeListener = (batch: ChangeBatch) => void;

/** Minimal channel port so the feed can be tested without a browser. */
export interface ChannelPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export class ChangeFeed {
  private listeners = new Set<ChangeListener>();

  constructor(
    private readonly vaultId: string,
    private readonly channel: ChannelPort | null,
  ) {
    channel?.addEventListener('message', (event) => {
      const data = event.data as { vaultId?: unknown; changes?: unknown } | null;
      if (data?.vaultId !== this.vaultId || !Array.isArray(data.changes)) return;
      this.deliver({ vaultId: this.vaultId, origin: 'tab', changes: data.changes as Change[] });
    });
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Call only after the transaction that made `changes` has committed. */
  committed(changes: Change[]): void {
    const real = changes.filter((c) => c.ids.length > 0);
    if (real.length === 0) return;
    this.channel?.postMessage({ vaultId: this.vaultId, changes: real });
    this.deliver({ vaultId: this.vaultId, origin: 'local', changes: real });
  }

  close(): void {
    this.listeners.clear();
    this.channel?.close();
  }

  private deliver(batch: ChangeBatch): void {
    for (const l of this.listeners) {
      try {
        l(batch);
      } catch (err) {
        console.error('change listener failed', err);
      }
    }
  }
}
