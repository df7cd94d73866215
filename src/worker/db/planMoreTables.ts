import type { EntityTable } from 'dexie';
import type { VectorClock } from '../domain/clock/vectorClock';
import type { ProjectLinkRecord } from '../domain/tasks/projects/projectLinks';

/** A tag category (spec 4.5 tags.createCategory): a named group the tag view lists tags under. */
export interface TagCategoryRow {
  id: string;
  name: string;
  position: number;
  createdAt: string;
  modifiedAt: string;
  clock: VectorClock;
}

export interface PlanMoreTables {
  tagCategories: EntityTable<TagCategoryRow, 'id'>;
  projectLinks: EntityTable<ProjectLinkRecord, 'id'>;
}

/**
 * Applied as schema version 11 (schema.ts):
 * - tagDefs gains a `categoryId` index (a category's tags; deleting a category clears them);
 * - tagCategories, by position;
 * - projectLinks: a project's links (`projectId`), and the projects an item is linked to
 *   (`[itemType+itemId]`, so deleting a note can find its links).
 */
export const PLAN_MORE_TABLES: Record<string, string> = {
  tagDefs: 'key, sortOrder, categoryId',
  tagCategories: 'id, position',
  projectLinks: 'id, projectId, [itemType+itemId]',
};
