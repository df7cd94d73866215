import type { TagDefRow } from '../../db/planningTables';
import { tick } from '../../domain/clock/vectorClock';
import { UNORDERED } from '../../domain/tags/tagList';
import type { VaultServices } from '../../vault/services';

export type TagDefPatch = Partial<
  Pick<TagDefRow, 'color' | 'icon' | 'sortOrder' | 'categoryId' | 'pinnedNoteIds'>
>;

/**
 * Tag definitions (spec 2.7: how a tag looks and where it is listed), one row per tag keyed by
 * the lower-cased name, which is also its sync id (`tag_definition`). A definition is created on
 * first edit; its usage count is always counted, never stored. Call inside a rw transaction over
 * `tagDefs`: every write ticks the row's clock under this device.
 */
export function tagDefWriter(services: VaultServices) {
  const { db } = services;
  const stamp = () => new Date(services.now()).toISOString();
  return {
    /** Applies `patch` to the tag's definition (created when missing); answers the written row. */
    async patch(name: string, patch: TagDefPatch): Promise<TagDefRow> {
      const key = name.toLowerCase();
      const prev = await db.tagDefs.get(key);
      const row: TagDefRow = {
        key,
        name: prev?.name ?? name,
        color: prev?.color ?? null,
        icon: prev?.icon ?? null,
        sortOrder: prev?.sortOrder ?? UNORDERED,
        categoryId: prev?.categoryId ?? null,
        pinnedNoteIds: prev?.pinnedNoteIds ?? [],
        ...patch,
        modifiedAt: stamp(),
        clock: tick(prev?.clock ?? {}, services.deviceId),
      };
      await db.tagDefs.put(row);
      return row;
    },
    /** Writes a definition under a new name (a rename moves it), ticking its clock. */
    async move(row: TagDefRow, name: string, merged: TagDefPatch = {}): Promise<TagDefRow> {
      const next: TagDefRow = {
        ...row,
        ...merged,
        key: name.toLowerCase(),
        name,
        modifiedAt: stamp(),
        clock: tick(row.clock, services.deviceId),
      };
      await db.tagDefs.put(next);
      return next;
    },
  };
}
