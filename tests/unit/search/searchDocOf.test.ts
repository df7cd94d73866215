import { describe, expect, it } from 'vitest';
import { searchDocOf } from '../../../src/worker/search/searchDocOf';

describe('searchDocOf', () => {
  it('indexes the body without frontmatter, property values and embedded or extracted text', () => {
    const doc = searchDocOf({
      id: 'n1',
      title: 'Plan',
      folder_path: 'Work',
      file_type: 'markdown',
      source: '---\nstatus: waiting\naliases: [Roadmap, 2026]\nnested: {a: 1}\n---\nThe body.\n',
      attachment_text: [{ file: 'attachments/n1/a.pdf', text: 'Invoice text' }],
      reasons: ['for the audit'],
    });
    expect(doc).toEqual({
      id: 'n1',
      title: 'Plan',
      folder_path: 'Work',
      file_type: 'markdown',
      body: 'The body.\n',
      extra: ['waiting\nRoadmap\n2026', 'Invoice text'],
      reasons: ['for the audit'],
    });
  });

  it('gives a filed file its pages and an empty body', () => {
    expect(
      searchDocOf({ id: 'f', title: 'Scan', folder_path: '', file_type: 'pdf', pages: ['p1', 'p2'] }),
    ).toMatchObject({
      body: '',
      extra: ['p1', 'p2'],
    });
  });
});
