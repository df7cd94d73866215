import { splitFrontmatter } from '../frontmatter/splitFrontmatter';
import type { LinkResolver } from './linkResolver';
import { resolveWikiTarget, type WikiTargetResolution } from './resolveOperations';
import { sectionOf } from './sectionOf';

/**
 * `notes.previewByTitle`: the hover preview of a link target. The target may carry a subpath
 * (`Title#Heading`, `Title#^block`); the preview is that section, else the body's start,
 * frontmatter removed, cut at `maxChars` on a line or word boundary (`truncated` says so).
 */
export interface BodyReader {
  /** the markdown source of a note, or undefined for files and unknown ids */
  readSource(id: string): string | undefined;
}

export interface Preview extends WikiTargetResolution {
  preview: string | null;
  truncated: boolean;
  section_found: boolean;
}

export const PREVIEW_MAX_CHARS = 2000;

export function previewByTitle(
  title: string,
  resolver: LinkResolver,
  bodies: BodyReader,
  maxChars = PREVIEW_MAX_CHARS,
): Preview {
  const target = resolveWikiTarget(title, resolver);
  const source = target.id === null ? undefined : bodies.readSource(target.id);
  if (source === undefined) return { ...target, preview: null, truncated: false, section_found: false };
  const body = splitFrontmatter(source).body.trim();
  const section = sectionOf(body, target.subpath);
  const text = section ?? body;
  if (text.length <= maxChars) {
    return { ...target, preview: text, truncated: false, section_found: section !== null };
  }
  const cut = text.slice(0, maxChars);
  const at = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  return {
    ...target,
    preview: (at > maxChars / 2 ? cut.slice(0, at) : cut).trimEnd(),
    truncated: true,
    section_found: section !== null,
  };
}
