import { ATTACHMENTS_ROOT } from '../notes/attachments';
import { parseLinks } from '../notes/links/parseLinks';

/**
 * Where an export says which note each `attachments/<note_id>/` folder belongs to: the note ids
 * of the exporting vault mean nothing to the importing one, so the export names the note's path
 * in the zip (docs/notes.md, "Attachments in export and import").
 */
export const ATTACHMENT_MANIFEST = '.cairn/attachments.json';

export interface AttachmentManifest {
  version: 1;
  /** exported note id → the note's path in the export (`Folder/Title.md`) */
  notes: Record<string, string>;
}

/** One imported file that is an attachment of an imported note. */
export interface AttachmentClaim {
  /** index of the attachment's entry */
  entry: number;
  /** index of the owning note's entry */
  note: number;
  name: string;
}

const ATTACHMENT_PATH = new RegExp(`^${ATTACHMENTS_ROOT}/([^/]+)/([^/]+)$`);

/** The manifest's notes, or null when the text is not one (a hand-made folder, another app). */
export function readManifest(text: string): Record<string, string> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const notes = (value as { version?: unknown; notes?: unknown } | null)?.notes;
  if ((value as { version?: unknown }).version !== 1 || typeof notes !== 'object' || notes === null)
    return null;
  const out: Record<string, string> = {};
  for (const [id, path] of Object.entries(notes)) if (typeof path === 'string') out[id] = path;
  return out;
}

/**
 * Which entries at `attachments/<id>/<name>` belong to which imported note: the one the
 * manifest names for `<id>`; without a manifest entry, the one markdown note of the import that
 * embeds `<name>` (`![[name]]`, `![](name)`), when exactly one does. Others stay plain files.
 * `markdownOf(i)` gives the text of markdown entry `i` (read only when a fallback is needed).
 */
export async function claimAttachments(
  paths: readonly string[],
  manifest: Record<string, string> | null,
  markdownOf: (entry: number) => Promise<string>,
): Promise<AttachmentClaim[]> {
  const byPath = new Map(paths.map((p, i) => [p, i]));
  const claims: AttachmentClaim[] = [];
  const unclaimed: { entry: number; name: string }[] = [];
  paths.forEach((path, entry) => {
    const m = ATTACHMENT_PATH.exec(path);
    if (!m) return;
    const [, id, name] = m as unknown as [string, string, string];
    const notePath = manifest?.[id];
    const note = notePath === undefined ? undefined : byPath.get(notePath);
    if (note !== undefined) claims.push({ entry, note, name });
    else unclaimed.push({ entry, name });
  });
  if (unclaimed.length === 0) return claims;
  const embedders = new Map<string, number[]>();
  for (const [i, p] of paths.entries()) {
    if (!p.toLowerCase().endsWith('.md') || ATTACHMENT_PATH.test(p)) continue;
    for (const link of parseLinks(await markdownOf(i))) {
      if (!link.embed) continue;
      const key = (link.target.split('/').pop() ?? '').toLowerCase();
      const list = embedders.get(key) ?? [];
      if (!list.includes(i)) list.push(i);
      embedders.set(key, list);
    }
  }
  for (const u of unclaimed) {
    const notes = embedders.get(u.name.toLowerCase()) ?? [];
    if (notes.length === 1) claims.push({ entry: u.entry, note: notes[0]!, name: u.name });
  }
  return claims;
}
