import { describe, expect, it } from 'vitest';
import {
  cited,
  folderRef,
  hrefOf,
  inboxRef,
  journalRef,
  listed,
  noteRef,
  projectRef,
} from '../../../src/worker/tools/reply/links';

describe('links and source references (spec 2.1)', () => {
  it('builds the href of each kind', () => {
    expect(hrefOf('note', 'n1')).toBe('svc://note/n1');
    expect(hrefOf('task', 't1')).toBe('svc://task/t1');
    expect(hrefOf('journal', '2026-03-14')).toBe('svc://journal/2026-03-14');
    expect(hrefOf('folder', 'Projects/Q1 plans')).toBe('svc://folder/Projects%2FQ1%20plans');
  });

  it('gives folders and journal entries their spec ids and titles', () => {
    expect(folderRef('A/B')).toEqual({ kind: 'folder', id: 'A/B', title: 'A/B', href: 'svc://folder/A%2FB' });
    expect(journalRef('2026-03-14')).toMatchObject({ id: '2026-03-14', title: 'Journal 2026-03-14' });
    expect(projectRef('inbox', 'Inbox', null)).toMatchObject({ kind: 'project', icon: null });
    expect(inboxRef('i1', 'Link', 'link')).toMatchObject({ kind: 'inbox', itemType: 'link' });
  });

  it('adds href, source_ref and sources to single replies, href and source_ref to list entries', () => {
    const ref = noteRef('n1', 'Plan');
    expect(cited({ id: 'n1' }, ref, [journalRef('2026-03-14')])).toEqual({
      id: 'n1',
      href: 'svc://note/n1',
      source_ref: ref,
      sources: [ref, journalRef('2026-03-14')],
    });
    expect(listed({ id: 'n1' }, ref)).toEqual({ id: 'n1', href: 'svc://note/n1', source_ref: ref });
  });
});
