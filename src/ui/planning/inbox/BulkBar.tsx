import type { VaultClient } from '../../vault/createVaultClient';
import type { BulkActions } from './bulkActions';
import { TagForm } from './TagForm';
import { TargetPicker } from './TargetPicker';

/**
 * What can be done to the selected items at once (spec 4.5 `inbox.bulk*`): each is all or
 * nothing in the worker (filing into a folder stops at a refusal, keeping the ones filed before
 * it: docs/planning.md), and its outcome is said in the section's status line.
 */
export function BulkBar(props: {
  client: VaultClient;
  count: number;
  total: number;
  actions: BulkActions;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const n = () => `${props.count} selected ${props.count === 1 ? 'item' : 'items'}`;
  return (
    <section class="inbox-bulk" aria-label="Selected items">
      <p aria-live="polite">
        <strong>{props.count}</strong> selected
      </p>
      <div class="inbox-actions">
        <button type="button" onClick={props.onSelectAll} disabled={props.count === props.total}>
          Select all
        </button>
        <button type="button" onClick={props.onClear}>
          Clear selection
        </button>
        <button type="button" aria-label={`Archive ${n()}`} onClick={() => void props.actions.archive()}>
          Archive
        </button>
        <button
          type="button"
          aria-label={`Snooze ${n()} until tomorrow`}
          onClick={() => void props.actions.snooze(1)}
        >
          Tomorrow
        </button>
      </div>
      <TagForm
        label="Tag for the selected items"
        action="Tag"
        actionLabel={`Tag ${n()}`}
        onAdd={(tag) => props.actions.tag(tag)}
      />
      <TargetPicker
        client={props.client}
        label="Where to file the selected items"
        action="File"
        onFile={(target, label) => props.actions.file(target, label)}
      />
    </section>
  );
}
