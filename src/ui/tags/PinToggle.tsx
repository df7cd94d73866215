import { StarMark } from '../icons/StarMark';
import type { VaultClient } from '../vault/createVaultClient';

interface Props {
  client: VaultClient;
  tag: string;
  note: { id: string; title: string; pinned?: boolean };
  /** a refusal's message, for the tag view to show */
  onError: (message: string | null) => void;
}

/**
 * Pins a note to the shown tag (tags.pinNoteToTag) or unpins it: the tag's notes list pinned ones
 * first. The list re-reads on the tagDefs change the write announces.
 */
export function PinToggle(props: Props) {
  const pinned = () => props.note.pinned === true;
  async function toggle() {
    const op = pinned() ? 'tags.unpinNoteFromTag' : 'tags.pinNoteToTag';
    const res = await props.client.api.write(op, [props.tag, props.note.id]);
    props.onError(res.ok ? null : res.error.message);
  }
  return (
    <button
      type="button"
      class="pin-toggle"
      aria-pressed={pinned()}
      // The row's note button carries the title; this one names only its action, so a search by
      // the note's name finds one button.
      aria-label={pinned() ? `Unpin from #${props.tag}` : `Pin to #${props.tag}`}
      title={pinned() ? 'Pinned: listed first' : 'Pin: list first'}
      onClick={() => void toggle()}
    >
      <StarMark on={pinned()} />
    </button>
  );
}
