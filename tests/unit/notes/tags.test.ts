import { describe, expect, it } from 'vitest';
import { readNote } from '../../../src/worker/domain/notes/frontmatter/readNote';
import {
  frontmatterTags,
  inlineTags,
  normalizeTag,
  noteTags,
  tagAncestors,
  tagKey,
} from '../../../src/worker/domain/notes/tags';
import { wordCount } from '../../../src/worker/domain/notes/wordCount';
import { loadFixtureVault } from './fixtureVault';

describe('inline tags', () => {
  it('finds tags after whitespace, nested tags, unicode and emoji', () => {
    expect(inlineTags('#one two #area/work/ (#no) x#no\n#über #日本 #y2024 #🚀rocket')).toEqual([
      'one',
      'area/work',
      'über',
      '日本',
      'y2024',
      '🚀rocket',
    ]);
  });

  it('ignores headings, numbers, URLs and code', () => {
    const body =
      '# Heading\n## Sub\n#123 #1/2 https://a.org/#frag [x](#anchor)\n`#code`\n```\n#fenced\n```\n#real';
    expect(inlineTags(body)).toEqual(['real']);
  });
});

describe('frontmatter tags', () => {
  it('accepts a list, a comma/space separated string, `tag`, and strips #', () => {
    expect(frontmatterTags({ tags: ['a', '#b', 'c/d/'] })).toEqual(['a', 'b', 'c/d']);
    expect(frontmatterTags({ tags: 'a, b c' })).toEqual(['a', 'b', 'c']);
    expect(frontmatterTags({ Tag: 'x', other: 'y', tags: [null, 3, 2024] })).toEqual(['x']);
  });

  it('merges with inline tags case-insensitively, keeping the first spelling', () => {
    expect(noteTags({ tags: ['Project'] }, 'text #project #Todo #todo')).toEqual(['Project', 'Todo']);
    expect(tagKey('Project/Ä')).toBe('project/ä');
    expect(normalizeTag('#')).toBeNull();
    expect(tagAncestors('a/b/c')).toEqual(['a', 'a/b', 'a/b/c']);
  });

  it('reads the tags of the fixture vault', () => {
    const items = loadFixtureVault().filter((i) => i.source !== undefined);
    const all = new Map<string, number>();
    for (const i of items) {
      const { frontmatter, body } = readNote(i.source ?? '');
      for (const t of noteTags(frontmatter, body)) all.set(tagKey(t), (all.get(tagKey(t)) ?? 0) + 1);
    }
    // The help vault explains tags in code examples; only a few real tags remain outside code.
    for (const key of all.keys()) expect(key).not.toMatch(/^\d+$/);
    expect(all.has('meeting')).toBe(false); // `#meeting` only appears inside inline code
  });
});

describe('wordCount', () => {
  it('counts words, ignoring markdown punctuation, and each CJK character', () => {
    expect(wordCount('# Hello, world!\n- [[Some note|alias]] — it’s well-known')).toBe(7);
    expect(wordCount('日本語 text')).toBe(4);
    expect(wordCount('   \n')).toBe(0);
  });
});
