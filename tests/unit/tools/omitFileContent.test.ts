import { describe, expect, it } from 'vitest';
import { omitFileContent } from '../../../src/worker/tools/reply/omitFileContent';

describe('omitFileContent', () => {
  it('turns filed files into metadata with contentOmitted and contentAccess, leaving notes whole', () => {
    const reply = {
      notes: [
        { id: 'n1', fileType: 'markdown', content: '# hi' },
        { id: 'f1', fileType: 'pdf', content: 'binary-ish', data: new Uint8Array([1, 2]), fileSize: 2 },
        { id: 'f2', file_type: 'audio', bytes: new ArrayBuffer(4), title: 'memo' },
      ],
      total: 3,
    };
    const out = omitFileContent(reply) as { notes: Record<string, unknown>[] };
    expect(out.notes[0]).toEqual({ id: 'n1', fileType: 'markdown', content: '# hi' });
    expect(out.notes[1]).toEqual({
      id: 'f1',
      fileType: 'pdf',
      fileSize: 2,
      contentOmitted: true,
      contentAccess: expect.stringContaining('vault_read_note {"id":"f1"}'),
    });
    expect(out.notes[2]).toMatchObject({ id: 'f2', title: 'memo', contentOmitted: true });
    expect(out.notes[2]).not.toHaveProperty('bytes');
    expect(out.notes[2]?.contentAccess).toMatch(/not readable/);
  });

  it('marks a filed file even when the reply carried no content', () => {
    expect(omitFileContent({ id: 'i1', fileType: 'image' })).toEqual({
      id: 'i1',
      fileType: 'image',
      contentOmitted: true,
      contentAccess: expect.stringContaining('vault_view_file {"id":"i1"}'),
    });
  });

  it('does not change the original reply', () => {
    const file = { id: 'f1', fileType: 'pdf', content: 'x' };
    omitFileContent([file]);
    expect(file).toEqual({ id: 'f1', fileType: 'pdf', content: 'x' });
  });

  it('replaces stray binary values, which JSON cannot carry', () => {
    expect(omitFileContent({ thumb: new Uint8Array(3) })).toEqual({ thumb: { contentOmitted: true } });
  });
});
