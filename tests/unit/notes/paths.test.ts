import { describe, expect, it } from 'vitest';
import { checkFolderPath, isInside, parentFolder } from '../../../src/worker/domain/notes/paths/folderPath';
import { checkTitle } from '../../../src/worker/domain/notes/paths/nameRules';
import { planFolderRename } from '../../../src/worker/domain/notes/paths/renameFolder';
import {
  checkNewTitle,
  nextFreeTitle,
  titleFromFileName,
} from '../../../src/worker/domain/notes/paths/titles';

describe('folder paths', () => {
  it('normalizes leading and trailing slashes and NFC', () => {
    expect(checkFolderPath('/Projects/Work/')).toEqual({ ok: true, value: 'Projects/Work' });
    expect(checkFolderPath('Cafe\u0301')).toEqual({ ok: true, value: 'Café' });
    expect(checkFolderPath('/', 'path', true)).toEqual({ ok: true, value: '' });
  });

  it.each([
    ['', 'cannot be empty'],
    ['/', 'cannot be empty'],
    ['a/../b', 'cannot be ".."'],
    ['./a', 'cannot be "."'],
    ['a//b', 'empty segment'],
    ['a/\u0007b', 'control character'],
    ['a\\b', '"/" or "\\"'],
    ['a/b:c', '":"'],
    ['.hidden', 'start with a dot'],
    ['x'.repeat(201), 'longer than 200'],
    [`${'a/'.repeat(500)}b`, 'longer than 1000'],
  ])('refuses %j with a VALIDATION value naming the field', (raw, words) => {
    const r = checkFolderPath(raw, 'new_path');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'VALIDATION', field: 'new_path' });
    expect(r.error.message).toContain(words);
  });

  it('knows parents and containment', () => {
    expect(parentFolder('a/b/c')).toBe('a/b');
    expect(parentFolder('a')).toBe('');
    expect(isInside('ab/c', 'a')).toBe(false);
    expect(isInside('a/c', 'a')).toBe(true);
  });
});

describe('titles', () => {
  it('checks limits and reserved characters', () => {
    expect(checkTitle('  A note  ')).toEqual({ ok: true, value: 'A note' });
    expect(checkTitle('x'.repeat(200)).ok).toBe(true);
    expect(checkTitle('x'.repeat(201))).toMatchObject({
      ok: false,
      error: { field: 'title', expected: '1..200 characters' },
    });
    for (const bad of ['', 'a/b', 'a|b', 'a#b', 'a[b', 'line\nbreak', '..'])
      expect(checkTitle(bad).ok).toBe(false);
  });

  it('refuses a title already used in the folder and finds a free one', () => {
    const taken = new Set(['/untitled', '/untitled 1', 'work/plan']);
    const lookup = {
      titleTaken: (folder: string, title: string) => taken.has(`${folder}/${title.toLowerCase()}`),
    };
    expect(checkNewTitle('Plan', 'Work'.toLowerCase(), lookup)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'title', message: 'A note named "Plan" already exists in "work".' },
    });
    expect(checkNewTitle('Plan', '', lookup).ok).toBe(true);
    expect(nextFreeTitle('Untitled', '', lookup)).toBe('Untitled 2');
    expect(titleFromFileName('Note.MD')).toBe('Note');
  });
});

describe('planFolderRename', () => {
  const folders = ['A', 'A/B', 'A/B/C', 'AB', 'Other'];
  const existing = { folderExists: (p: string) => folders.includes(p) };
  const items = [
    { id: '1', folder_path: 'A' },
    { id: '2', folder_path: 'A/B/C' },
    { id: '3', folder_path: 'AB' },
    { id: '4', folder_path: '' },
  ];

  it('moves the folder, every subfolder and every item inside, and nothing else', () => {
    const plan = planFolderRename('/A', 'Z/New', existing, folders, items);
    expect(plan).toEqual({
      ok: true,
      value: {
        oldPath: 'A',
        newPath: 'Z/New',
        folders: [
          { from: 'A', to: 'Z/New' },
          { from: 'A/B', to: 'Z/New/B' },
          { from: 'A/B/C', to: 'Z/New/B/C' },
        ],
        items: [
          { id: '1', from: 'A', to: 'Z/New' },
          { id: '2', from: 'A/B/C', to: 'Z/New/B/C' },
        ],
      },
    });
  });

  it('refuses a missing folder, a clash, a move into itself and a bad name', () => {
    expect(planFolderRename('Nope', 'X', existing, folders, items)).toMatchObject({
      ok: false,
      error: { field: 'old_path' },
    });
    expect(planFolderRename('A', 'Other', existing, folders, items)).toMatchObject({
      ok: false,
      error: { field: 'new_path', message: 'A folder named "Other" already exists.' },
    });
    expect(planFolderRename('A', 'A/B/X', existing, folders, items)).toMatchObject({
      ok: false,
      error: { field: 'new_path' },
    });
    expect(planFolderRename('A', 'a/..', existing, folders, items)).toMatchObject({
      ok: false,
      error: { field: 'new_path' },
    });
    expect(planFolderRename('A', 'a', existing, folders, items).ok).toBe(true);
  });
});
