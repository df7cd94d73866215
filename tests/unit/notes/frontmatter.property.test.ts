import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeProperty, setProperty } from '../../../src/worker/domain/notes/frontmatter/editFrontmatter';
import { readNote } from '../../../src/worker/domain/notes/frontmatter/readNote';
import { loadFixtureVault } from './fixtureVault';

const sources = loadFixtureVault()
  .map((i) => i.source)
  .filter((s): s is string => s !== undefined);

const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string(), { maxKeys: 3 }),
);

describe('frontmatter edits, any key and value', () => {
  it('set reads back the value, leaves the rest, and remove restores the file byte for byte', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/),
        value,
        (source, rawKey, v) => {
          const key = `x_${rawKey}`;
          const before = readNote(source);
          const set = setProperty(source, key, v);
          if (!set.ok) throw new Error(set.error.message);
          const after = readNote(set.value);
          expect(after.frontmatter[key]).toEqual(v);
          expect(after.body).toBe(before.body);
          const removed = removeProperty(set.value, key);
          expect(removed).toEqual({ ok: true, value: source });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replacing an existing key with any value changes that key only', () => {
    fc.assert(
      fc.property(fc.constantFrom(...sources), fc.nat(), value, (source, pick, v) => {
        const before = readNote(source);
        const keys = Object.keys(before.frontmatter);
        const key = keys[pick % keys.length];
        if (key === undefined) return;
        const set = setProperty(source, key, v);
        if (!set.ok) throw new Error(set.error.message);
        const after = readNote(set.value);
        expect(after.frontmatter).toEqual({ ...before.frontmatter, [key]: v });
        expect(Object.keys(after.frontmatter)).toEqual(keys);
        expect(after.body).toBe(before.body);
      }),
      { numRuns: 300 },
    );
  });
});
