/**
 * Keys of outbox rows. Record rows coalesce on `r|type|id`; body rows are append-only under
 * `b|docId|seq` with the local update sequence zero-padded so a key-range scan over one document
 * returns its updates in the order they were written.
 */
export const recordQid = (type: string, id: string) => `r|${type}|${id}`;

export const bodyQid = (docId: string, seq: number) => `b|${docId}|${String(seq).padStart(12, '0')}`;

/** The key range holding every body row of one document. */
export const bodyQidRange = (docId: string): [string, string] => [`b|${docId}|`, `b|${docId}|\uffff`];

export const clockKey = (type: string, id: string) => `${type}|${id}`;
