import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { itemId } from '../../../../src/sync/protocol/common';
import { CrdtUpdatesBatchRequest } from '../../../../src/sync/protocol/crdt';
import { PullRequest } from '../../../../src/sync/protocol/pull';

// An id is stored as text in D1 (UTF-8): a lone surrogate would be kept as U+FFFD, another id.
describe('itemId: well-formed Unicode only', () => {
  it('takes any well-formed text, astral characters and combining marks included', () => {
    for (const id of ['inbox', 'tags/été', '𝕏𝕏', 'e\u0301', '\u202Eevil', 'a\u0000b', '\uFFFD'])
      expect(v.is(itemId, id), id).toBe(true);
  });
  it('refuses a lone high or low surrogate anywhere', () => {
    for (const id of ['\uD800', 'a\uD800', '\uDFFFa', '\uDFFFa\uD800', '𝕏\uDC00', '\uD83D\uD83D'])
      expect(v.is(itemId, id), JSON.stringify(id)).toBe(false);
  });
  it('so the note and pull requests refuse such an id before the store sees it', () => {
    expect(v.is(CrdtUpdatesBatchRequest, { notes: [{ noteId: '\uD800', since: 0 }] })).toBe(false);
    expect(v.is(PullRequest, { items: [{ type: 'note', id: 'x\uDFFF' }] })).toBe(false);
  });
});
