/**
 * ↑ / ↓ for one item of a list the user orders ("Move <name> up/down"), disabled at the ends;
 * `onMove` gets -1 (up) or 1 (down).
 */
export function MoveButtons(props: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <button
        type="button"
        aria-label={`Move ${props.name} up`}
        disabled={props.first}
        onClick={() => props.onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        aria-label={`Move ${props.name} down`}
        disabled={props.last}
        onClick={() => props.onMove(1)}
      >
        ↓
      </button>
    </>
  );
}
