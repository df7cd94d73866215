/**
 * The envelope address type of note-body updates and snapshots: sealed bytes bound to
 * (vault, `note_body`, note id) open for that note only, so the service cannot move a body.
 */
export const NOTE_BODY_ADDRESS_TYPE = 'note_body';
