/** What the saved-filter form shows, as strings (its inputs and selects). */
export interface FilterFields {
  text: string;
  /** tags, comma separated (a leading # dropped) */
  tag: string;
  status: string;
  priority: string;
  due: string;
  folder: string;
}

/** The conditions the form shows; any other (projectId, dueBefore, …) is kept as it was. */
const SHOWN = ['text', 'tags', 'status', 'priorityAtLeast', 'due', 'folder'] as const;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A saved filter's conditions as the form's fields (an empty form for a new filter). */
export function fieldsOf(filter: Record<string, unknown> = {}): FilterFields {
  return {
    text: str(filter.text),
    tag: Array.isArray(filter.tags) ? filter.tags.join(', ') : '',
    status: str(filter.status) || 'open',
    priority: str(filter.priorityAtLeast),
    due: str(filter.due),
    folder: str(filter.folder),
  };
}

/**
 * The conditions the form's fields make for `target`, on top of `base` (the filter being edited):
 * the conditions the form shows are replaced (an emptied field drops its condition), the others
 * stay, so an edit in the UI never loses a condition an agent set (a project, a due-before date).
 */
export function conditionsOf(
  fields: FilterFields,
  target: 'tasks' | 'notes',
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const filter: Record<string, unknown> = Object.fromEntries(
    Object.entries(base).filter(([k]) => !(SHOWN as readonly string[]).includes(k)),
  );
  if (fields.text.trim()) filter.text = fields.text.trim();
  const tags = fields.tag
    .split(',')
    .map((t) => t.trim().replace(/^#/, ''))
    .filter((t) => t !== '');
  if (tags.length > 0) filter.tags = tags;
  if (target === 'tasks') {
    if (fields.status !== 'open') filter.status = fields.status;
    if (fields.priority !== '') filter.priorityAtLeast = Number(fields.priority);
    if (fields.due !== '') filter.due = fields.due;
  } else if (fields.folder.trim()) filter.folder = fields.folder.trim();
  return filter;
}
