import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../../../src/worker/tools/reply/jsonBytes';
import {
  limitReply,
  READ_REPLY_LIMIT_BYTES,
  type TruncatedReply,
} from '../../../src/worker/tools/reply/limitReply';
import { shrinkValue } from '../../../src/worker/tools/reply/shrinkToFit';

function notes(count: number, bodyLength: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    title: `Note ${i}`,
    snippet: 'é'.repeat(bodyLength),
  }));
}

describe('limitReply', () => {
  it('passes a reply at or under the limit through unchanged', () => {
    const small = { notes: notes(3, 10), total: 3, hasMore: false };
    expect(limitReply(small)).toBe(small);
    const exact = 'x'.repeat(READ_REPLY_LIMIT_BYTES - 2);
    expect(jsonBytes(exact)).toBe(READ_REPLY_LIMIT_BYTES);
    expect(limitReply(exact)).toBe(exact);
  });

  it('keeps a prefix of a list reply that fits, counting UTF-8 bytes', () => {
    const list = notes(2000, 60);
    const r = limitReply(list) as TruncatedReply;
    expect(r.truncated).toBe(true);
    expect(r.totalBytes).toBe(jsonBytes(list));
    const partial = r.partial as typeof list;
    expect(partial.length).toBeGreaterThan(0);
    expect(partial).toEqual(list.slice(0, partial.length));
    expect(jsonBytes(r)).toBeLessThanOrEqual(READ_REPLY_LIMIT_BYTES);
    // nearly full: one more item would not fit
    expect(jsonBytes(r) + jsonBytes(list[partial.length])).toBeGreaterThan(READ_REPLY_LIMIT_BYTES - 400);
    expect(r.message).toContain(`the first ${partial.length} of 2000 items`);
  });

  it('shrinks the biggest member of an object and keeps the others whole', () => {
    const reply = { notes: notes(2000, 60), total: 2000, hasMore: false };
    const r = limitReply(reply) as TruncatedReply;
    const partial = r.partial as typeof reply;
    expect(partial.total).toBe(2000);
    expect(partial.notes).toEqual(reply.notes.slice(0, partial.notes.length));
    expect(r.message).toContain('items of notes');
  });

  it('keeps a prefix of one huge string member', () => {
    const reply = { id: 'n1', content: '😀'.repeat(60_000) };
    const r = limitReply(reply) as TruncatedReply;
    const partial = r.partial as typeof reply;
    expect(partial.id).toBe('n1');
    expect(reply.content.startsWith(partial.content)).toBe(true);
    expect(partial.content.length % 2).toBe(0); // never a split surrogate pair
    expect(r.message).toContain('characters of content');
  });

  it('gives partial null when nothing can be cut to fit', () => {
    // 200 small members: shrinking the biggest one cannot bring the rest under 1000 bytes
    const wide = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i]));
    const r = limitReply(wide, 1000) as TruncatedReply;
    expect(r).toMatchObject({ truncated: true, partial: null, totalBytes: jsonBytes(wide) });
  });

  it('gives partial null when the other members leave a string no room (once an endless loop)', () => {
    // 200 small members take ~1,800 bytes: the long string's share of a 1000-byte limit is negative.
    const wide = {
      ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i])),
      s: 'x'.repeat(5000),
    };
    const r = limitReply(wide, 1000) as TruncatedReply;
    expect(r).toMatchObject({ truncated: true, partial: null, totalBytes: jsonBytes(wide) });
    expect(shrinkValue({ a: 'x'.repeat(50), b: 'y'.repeat(100) }, 30)).toBeNull();
    expect(shrinkValue('z'.repeat(10), -5)).toBeNull();
    expect(shrinkValue('z'.repeat(10), 4)).toEqual({
      value: 'zz',
      kept: 'the first 2 of 10 characters of the reply',
    });
  });

  it('shrinks the biggest of two huge members and keeps the other whole when it fits', () => {
    const reply = { a: 'x'.repeat(60_000), b: 'y'.repeat(80_000) };
    const r = limitReply(reply) as TruncatedReply;
    expect(r.partial).toMatchObject({ a: reply.a });
    expect(jsonBytes(r)).toBeLessThanOrEqual(READ_REPLY_LIMIT_BYTES);
  });

  it('always fits the limit, for any JSON reply and limit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 400, max: 5000 }), (value, limit) => {
        const r = limitReply(value, limit);
        if (jsonBytes(value) <= limit) expect(r).toBe(value);
        else expect(jsonBytes(r)).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 300 },
    );
  });

  it('always fits the limit for objects of long strings (the members crowd each other out)', () => {
    const members = fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ minLength: 40, maxLength: 600 }), {
      minKeys: 2,
      maxKeys: 30,
    });
    fc.assert(
      fc.property(members, fc.integer({ min: 400, max: 5000 }), (value, limit) => {
        expect(jsonBytes(limitReply(value, limit))).toBeLessThanOrEqual(Math.max(limit, jsonBytes(value)));
        if (jsonBytes(value) > limit) expect(jsonBytes(limitReply(value, limit))).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 300 },
    );
  });
});
