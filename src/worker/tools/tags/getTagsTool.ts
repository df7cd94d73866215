import { ok } from '../../ops/result';
import { getTags } from '../catalog/readJournalInboxTools';
import { defineTool, jsonOutput } from '../defineTool';

/** Spec 2.7 tag. */
interface Tag {
  name: string;
  count: number;
  color: string | null;
  icon: string | null;
  category_id: string | null;
  category_name: string | null;
  sort_order: number;
}

/** Spec 4.1 vault_get_tags over tags.getAllWithCounts: every tag with exactly the fields of spec 2.7. */
export const getTagsTool = defineTool({
  spec: getTags,
  operations: ['tags.getAllWithCounts'],
  handler: async (_args, { registry, caller }) => {
    const tags = await registry.read('tags.getAllWithCounts', [], { caller });
    if (!tags.ok) return tags;
    return ok(
      jsonOutput(
        (tags.value as Tag[]).map(({ name, count, color, icon, category_id, category_name, sort_order }) => ({
          name,
          count,
          color,
          icon,
          category_id,
          category_name,
          sort_order,
        })),
      ),
    );
  },
});
