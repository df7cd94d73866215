import { describe, expect, it } from 'vitest';
import { diffLineKind, splitLongTexts } from '../../../../src/ui/agent/approvalView';

describe('approval dialog view', () => {
  it('tells each diff line by its sign', () => {
    expect(['content:', '  kept', '- old', '+ new', '… 3 unchanged lines'].map(diffLineKind)).toEqual([
      'field',
      'same',
      'removed',
      'added',
      'fold',
    ]);
  });

  it('takes long and multi-line strings out of the JSON, keeping their text as written', () => {
    const note = '# Plan\n\n"Quoted" words\n- [ ] a task';
    const { json, texts } = splitLongTexts({
      operation: 'notes.update',
      args: ['n1', { content: note, title: 'Plan' }],
    });
    expect(texts).toEqual([{ path: 'args[1].content', text: note }]);
    expect(JSON.parse(json)).toEqual({
      operation: 'notes.update',
      args: ['n1', { content: `(${note.length} characters, shown below as args[1].content)`, title: 'Plan' }],
    });
    expect(json).not.toContain('\\n');
  });

  it('leaves short arguments in the JSON', () => {
    expect(splitLongTexts({ path: 'Agent A' })).toEqual({ json: '{\n  "path": "Agent A"\n}', texts: [] });
  });
});
