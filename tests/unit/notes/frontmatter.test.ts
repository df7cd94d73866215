import { describe, expect, it } from 'vitest';
import {
  removeProperty,
  replaceBody,
  setProperty,
} from '../../../src/worker/domain/notes/frontmatter/editFrontmatter';
import { readNote } from '../../../src/worker/domain/notes/frontmatter/readNote';
import {
  joinFrontmatter,
  splitFrontmatter,
} from '../../../src/worker/domain/notes/frontmatter/splitFrontmatter';
import { loadFixtureVault } from './fixtureVault';

const notes = loadFixtureVault().filter((i) => i.source !== undefined) as Array<{ source: string }>;

const SAMPLE = [
  '---',
  '# a comment on top',
  'aliases:',
  '  - How to/Internal link   # keep this comment',
  '  - x',
  "description: 'single: quoted'",
  'count: 0x1F',
  'unknown_key: {a: 1, b: [2, 3]}',
  'mobile: true',
  '---',
  'Body text [[Link]]',
  '',
].join('\n');

describe('splitFrontmatter', () => {
  it('splits every fixture note and joins it back byte for byte', () => {
    expect(notes.length).toBe(173);
    for (const { source } of notes) {
      const split = splitFrontmatter(source);
      expect(split.hasFrontmatter).toBe(true);
      expect(joinFrontmatter(split)).toBe(source);
    }
  });

  it('handles no frontmatter, an empty block, CRLF and a BOM', () => {
    expect(splitFrontmatter('# Title\n---\nx').hasFrontmatter).toBe(false);
    expect(splitFrontmatter('---\n---\nbody')).toMatchObject({
      yaml: '',
      body: 'body',
      hasFrontmatter: true,
    });
    const crlf = '\uFEFF---\r\na: 1\r\n---\r\nbody\r\n';
    const split = splitFrontmatter(crlf);
    expect(split).toMatchObject({ yaml: 'a: 1\r\n', body: 'body\r\n' });
    expect(joinFrontmatter(split)).toBe(crlf);
  });

  it('treats an unclosed block as body text', () => {
    expect(splitFrontmatter('---\na: 1\nno end').hasFrontmatter).toBe(false);
  });
});

describe('readNote', () => {
  it('reads the properties of every fixture note', () => {
    for (const { source } of notes) {
      const read = readNote(source);
      expect(read.frontmatterError).toBeUndefined();
      expect(typeof read.frontmatter).toBe('object');
    }
    expect(readNote(SAMPLE).frontmatter).toMatchObject({
      aliases: ['How to/Internal link', 'x'],
      mobile: true,
    });
  });

  it('reports broken YAML and still returns the body', () => {
    const read = readNote('---\na: [1, 2\n---\nbody');
    expect(read.frontmatterError).toMatchObject({ code: 'VALIDATION', field: 'frontmatter' });
    expect(read.body).toBe('body');
  });
});

describe('editing', () => {
  it('a body-only edit keeps the frontmatter bytes identical', () => {
    for (const { source } of notes.slice(0, 40)) {
      const edited = replaceBody(source, 'new body\n');
      const before = splitFrontmatter(source);
      const after = splitFrontmatter(edited);
      expect(after.head + after.yaml + after.tail).toBe(before.head + before.yaml + before.tail);
      expect(after.body).toBe('new body\n');
    }
  });

  it('setting an existing key changes only that key, keeping comments, order and quoting', () => {
    const r = setProperty(SAMPLE, 'mobile', false);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toBe(SAMPLE.replace('mobile: true', 'mobile: false'));
    const list = setProperty(SAMPLE, 'aliases', ['one']);
    if (!list.ok) throw new Error('refused');
    expect(list.value).toBe(
      SAMPLE.replace(
        'aliases:\n  - How to/Internal link   # keep this comment\n  - x\n',
        'aliases:\n  - one\n',
      ),
    );
  });

  it('adds a new key at the end and removes a key alone', () => {
    const added = setProperty(SAMPLE, 'status', 'draft');
    if (!added.ok) throw new Error('refused');
    expect(added.value).toBe(SAMPLE.replace('mobile: true\n', 'mobile: true\nstatus: draft\n'));
    const removed = removeProperty(SAMPLE, 'description');
    if (!removed.ok) throw new Error('refused');
    expect(removed.value).toBe(SAMPLE.replace("description: 'single: quoted'\n", ''));
    expect(removeProperty(SAMPLE, 'absent')).toEqual({ ok: true, value: SAMPLE });
  });

  it('on every fixture note, setting then removing a new key restores the file exactly', () => {
    for (const { source } of notes) {
      const set = setProperty(source, 'cairn_test', ['a', 'b: c']);
      if (!set.ok) throw new Error(set.error.message);
      expect(readNote(set.value).frontmatter.cairn_test).toEqual(['a', 'b: c']);
      const back = removeProperty(set.value, 'cairn_test');
      if (!back.ok) throw new Error(back.error.message);
      expect(back.value).toBe(source);
    }
  });

  it('changing a fixture key leaves every other key and the body as they were', () => {
    for (const { source } of notes) {
      const before = readNote(source);
      const key = Object.keys(before.frontmatter)[0];
      if (key === undefined) continue;
      const set = setProperty(source, key, 'changed');
      if (!set.ok) throw new Error(set.error.message);
      const after = readNote(set.value);
      expect(after.body).toBe(before.body);
      expect(after.frontmatter).toEqual({ ...before.frontmatter, [key]: 'changed' });
      expect(Object.keys(after.frontmatter)).toEqual(Object.keys(before.frontmatter));
    }
  });

  it('gives a note without frontmatter a block, in its own line breaks', () => {
    const r = setProperty('body\r\n', 'tags', ['x']);
    expect(r).toEqual({ ok: true, value: '---\r\ntags:\r\n  - x\r\n---\r\nbody\r\n' });
  });

  it('refuses to edit broken YAML or an empty key, and returns values, not throws', () => {
    expect(setProperty('---\n[1, 2\n---\n', 'a', 1)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
    expect(setProperty('---\n- a\n---\n', 'a', 1)).toMatchObject({
      ok: false,
      error: { field: 'frontmatter' },
    });
    expect(setProperty('x', ' ', 1)).toMatchObject({ ok: false, error: { field: 'key' } });
  });

  it('replaces the last key of the block, and an empty value, in place', () => {
    expect(setProperty('---\na: 1\nb: 2\n---\nx', 'b', 3)).toEqual({
      ok: true,
      value: '---\na: 1\nb: 3\n---\nx',
    });
    expect(setProperty('---\nempty:\nz: 1\n---\n', 'empty', 'v')).toEqual({
      ok: true,
      value: '---\nempty: v\nz: 1\n---\n',
    });
  });
});
