import type { FromSchema } from 'json-schema-to-ts';
import { tick } from '../../clock/vectorClock';
import { tombstoneOf } from '../deleteTask';
import { fail, invalid, notFound, ok, type Result } from '../errors';
import type { TaskContext } from '../ports';
import { shapeChecker } from '../shapeCheck';
import { timestamp } from '../taskEdit';
import type { Tombstone } from '../types';

/**
 * Links from a project to notes, filed files and calendar events (spec 2.4 `linked_counts`,
 * operations linkProjectItem / unlinkProjectItem / setProjectLinkPinned). A link is its own small
 * record that syncs whole. Its id derives from (project, type, item), so linking twice, or on two
 * offline devices, yields one link, not two.
 */
export const PROJECT_LINK_TYPES = ['note', 'file', 'event'] as const;
export type ProjectLinkType = (typeof PROJECT_LINK_TYPES)[number];

export interface ProjectLinkRecord {
  readonly id: string;
  readonly projectId: string;
  readonly itemType: ProjectLinkType;
  readonly itemId: string;
  readonly pinned: boolean;
  readonly createdAt: string;
  readonly modifiedAt: string;
  readonly clock: Readonly<Record<string, number>>;
}

export const projectLinkInputSchema = {
  type: 'object',
  properties: {
    projectId: { type: 'string', minLength: 1, maxLength: 200 },
    itemType: { type: 'string', enum: PROJECT_LINK_TYPES },
    itemId: { type: 'string', minLength: 1, maxLength: 1000 },
  },
  required: ['projectId', 'itemType', 'itemId'],
  additionalProperties: false,
} as const;
export type ProjectLinkInput = FromSchema<typeof projectLinkInputSchema>;

/** Lookups links need beyond the task read port. */
export interface ProjectLinkPort {
  getLink(id: string): Promise<ProjectLinkRecord | null>;
  /** whether the note, filed file or event exists in the vault */
  itemExists(itemType: ProjectLinkType, itemId: string): Promise<boolean>;
}

export interface LinkChanges {
  readonly links: readonly ProjectLinkRecord[];
  readonly deletedLinks: readonly Tombstone[];
}

const NO_CHANGE: LinkChanges = { links: [], deletedLinks: [] };
const checkInput = shapeChecker(projectLinkInputSchema);

export function projectLinkId(projectId: string, itemType: ProjectLinkType, itemId: string): string {
  // Encoded parts, so no two (project, type, item) triples can produce the same id.
  return [projectId, itemType, itemId].map(encodeURIComponent).join('|');
}

/** Link an item to a project; linking an already linked item changes nothing. */
export async function linkProjectItem(
  ctx: TaskContext,
  links: ProjectLinkPort,
  input: ProjectLinkInput,
): Promise<Result<LinkChanges>> {
  const shape = checkInput(input);
  if (shape !== null) return fail(shape);
  if ((await ctx.read.getProject(input.projectId)) === null) {
    return fail(invalid('projectId', `project ${JSON.stringify(input.projectId)} does not exist`));
  }
  if (!(await links.itemExists(input.itemType, input.itemId))) {
    return fail(invalid('itemId', `${input.itemType} ${JSON.stringify(input.itemId)} does not exist`));
  }
  const id = projectLinkId(input.projectId, input.itemType, input.itemId);
  if ((await links.getLink(id)) !== null) return ok(NO_CHANGE);
  const now = timestamp(ctx.deps.now());
  const link: ProjectLinkRecord = {
    id,
    ...input,
    pinned: false,
    createdAt: now,
    modifiedAt: now,
    clock: tick({}, ctx.deps.deviceId),
  };
  return ok({ links: [link], deletedLinks: [] });
}

/** Remove a link (NOT_FOUND when there is none). */
export async function unlinkProjectItem(
  ctx: TaskContext,
  links: ProjectLinkPort,
  input: ProjectLinkInput,
): Promise<Result<LinkChanges>> {
  const shape = checkInput(input);
  if (shape !== null) return fail(shape);
  const id = projectLinkId(input.projectId, input.itemType, input.itemId);
  const link = await links.getLink(id);
  if (link === null) return fail(notFound('itemId', 'project link', id));
  return ok({ links: [], deletedLinks: [tombstoneOf(link, ctx.deps.deviceId, timestamp(ctx.deps.now()))] });
}

/** Pin or unpin a link (pinned links show first on the project page). */
export async function setProjectLinkPinned(
  ctx: TaskContext,
  links: ProjectLinkPort,
  input: ProjectLinkInput,
  pinned: boolean,
): Promise<Result<LinkChanges>> {
  const shape = checkInput(input);
  if (shape !== null) return fail(shape);
  const id = projectLinkId(input.projectId, input.itemType, input.itemId);
  const link = await links.getLink(id);
  if (link === null) return fail(notFound('itemId', 'project link', id));
  if (link.pinned === pinned) return ok(NO_CHANGE);
  const edited = {
    ...link,
    pinned,
    modifiedAt: timestamp(ctx.deps.now()),
    clock: tick(link.clock, ctx.deps.deviceId),
  };
  return ok({ links: [edited], deletedLinks: [] });
}

/** `linked_counts` of a project list entry, from its links. */
export function linkedCounts(links: readonly Pick<ProjectLinkRecord, 'itemType'>[]): {
  notes: number;
  files: number;
  events: number;
} {
  const count = (type: ProjectLinkType) => links.filter((l) => l.itemType === type).length;
  return { notes: count('note'), files: count('file'), events: count('event') };
}

/** A project's links in display order: pinned first, then newest first. */
export function sortProjectLinks(links: readonly ProjectLinkRecord[]): ProjectLinkRecord[] {
  return [...links].sort(
    (a, b) =>
      Number(b.pinned) - Number(a.pinned) ||
      b.createdAt.localeCompare(a.createdAt) ||
      a.id.localeCompare(b.id),
  );
}
