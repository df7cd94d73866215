import type { LinkReads } from '../../links/linkReads';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';

const ID = { type: 'string', minLength: 1 } as const;
const TEXT = { type: 'string', minLength: 1, maxLength: 1000 } as const;

/**
 * Link reads of spec 4.4 (`notes.*`). A target that does not exist is an answer
 * (`exists: false`), never an error: an editor renders it as an unresolved link.
 */
export function linkOperations(links: LinkReads): Operation[] {
  return [
    defineOperation({
      name: 'notes.getLinks',
      summary: "A note's outgoing links (resolved or not, in document order) and its backlinks",
      kind: 'read',
      params: [{ name: 'id', required: true, schema: ID }] as const,
      handler: async ([id]) => {
        const found = await links.getLinks(id);
        return found ? ok(found) : fail('NOT_FOUND', `No note with id "${id}"`, { field: 'args[0]' });
      },
    }),
    defineOperation({
      name: 'notes.resolveByTitle',
      summary: 'The note or file a title (or Folder/Title) names, falling back to frontmatter aliases',
      kind: 'read',
      params: [
        { name: 'title', required: true, schema: TEXT },
        {
          name: 'sourceFolder',
          required: false,
          schema: { type: 'string', description: 'folder of the linking note: it wins ties' },
        },
      ] as const,
      handler: async ([title, sourceFolder]) => ok(await links.resolveByTitle(title, sourceFolder)),
    }),
    defineOperation({
      name: 'notes.resolveWikiTarget',
      summary: 'What a wiki link ([[Title#Heading|alias]], with or without brackets) points at',
      kind: 'read',
      params: [
        { name: 'target', required: true, schema: TEXT },
        { name: 'sourceId', required: false, schema: { ...ID, description: 'the linking note' } },
      ] as const,
      handler: async ([target, sourceId]) => ok(await links.resolveWikiTarget(target, sourceId)),
    }),
    defineOperation({
      name: 'notes.previewByTitle',
      summary:
        "A link target's preview: the heading's section, the block, or the body's start (2,000 characters)",
      kind: 'read',
      params: [
        { name: 'title', required: true, schema: TEXT },
        { name: 'sourceId', required: false, schema: { ...ID, description: 'the linking note' } },
      ] as const,
      handler: async ([title, sourceId]) => ok(await links.previewByTitle(title, sourceId)),
    }),
  ];
}
