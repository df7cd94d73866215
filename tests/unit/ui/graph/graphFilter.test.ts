import { describe, expect, it } from 'vitest';
import { filterGraph, foldersOf } from '../../../../src/ui/graph/graphFilter';
import type { GraphData, GraphNode } from '../../../../src/worker/domain/notes/graph';

const node = (
  id: string,
  folder: string | null,
  file_type: GraphNode['file_type'] = 'markdown',
): GraphNode => ({
  id,
  title: id,
  folder_path: folder,
  file_type: folder === null ? null : file_type,
  exists: folder !== null,
  degree: 0,
});

const data: GraphData = {
  nodes: [
    node('a', 'Work'),
    node('b', 'Work/Deep'),
    node('c', 'Home'),
    node('img', 'Work', 'image'),
    node('lone', 'Work'),
    node('unresolved:x', null),
  ],
  edges: [
    { source: 'a', target: 'b', count: 2 },
    { source: 'a', target: 'c', count: 1 },
    { source: 'c', target: 'img', count: 1 },
    { source: 'c', target: 'unresolved:x', count: 1 },
  ],
};
const ids = (g: GraphData) => g.nodes.map((n) => n.id).sort();
const all = { folder: '', showFiles: true, hideOrphans: false };

describe('graph filter', () => {
  it('keeps a folder and its sub-folders, recounting degrees among what is shown', () => {
    const g = filterGraph(data, { ...all, folder: 'Work' });
    expect(ids(g)).toEqual(['a', 'b', 'img', 'lone']);
    expect(g.edges).toEqual([{ source: 'a', target: 'b', count: 2 }]);
    expect(g.nodes.find((n) => n.id === 'a')?.degree).toBe(1);
    expect(data.nodes.find((n) => n.id === 'a')?.degree).toBe(0);
  });

  it('hides filed files and orphans on request; an unresolved target only beside a shown note', () => {
    expect(ids(filterGraph(data, { ...all, showFiles: false }))).toEqual([
      'a',
      'b',
      'c',
      'lone',
      'unresolved:x',
    ]);
    expect(ids(filterGraph(data, { ...all, hideOrphans: true }))).toEqual([
      'a',
      'b',
      'c',
      'img',
      'unresolved:x',
    ]);
    expect(ids(filterGraph(data, { ...all, folder: 'Work', hideOrphans: true }))).toEqual(['a', 'b']);
  });

  it('always keeps the open note', () => {
    expect(ids(filterGraph(data, { ...all, folder: 'Home', hideOrphans: true }, 'lone'))).toEqual([
      'c',
      'lone',
      'unresolved:x',
    ]);
  });

  it('lists folders with their parents', () => {
    expect(foldersOf(data)).toEqual(['Home', 'Work', 'Work/Deep']);
  });
});
