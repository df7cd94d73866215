type OpResult<T, E> = { ok: true; value: T } | { ok: false; error: E };

/** The registry as a caller sees it (the UI's readOp/writeOp, or a test's registry). */
export interface OpPort<E> {
  read(op: string, ...args: unknown[]): Promise<OpResult<unknown, E>>;
  write(op: string, ...args: unknown[]): Promise<OpResult<unknown, E>>;
}

/**
 * New note in `folder` from the template its settings name (notes.getFolderTemplate), filled by
 * notes.applyTemplate (variables such as {{date}} and {{title}}; the title from the template's
 * title pattern) and made in `folder` whatever folder the template itself names. Answers null
 * when the folder has no template (or it was deleted since): the caller makes a plain note.
 */
export async function newNoteInFolder<E>(
  port: OpPort<E>,
  folder: string,
): Promise<OpResult<{ id: string } | null, E>> {
  const template = await port.read('notes.getFolderTemplate', folder);
  if (!template.ok) return template;
  const t = template.value as { id: string } | null;
  if (t === null) return { ok: true, value: null };
  const made = await port.write('notes.applyTemplate', t.id, { folderPath: folder });
  return made.ok ? { ok: true, value: { id: (made.value as { id: string }).id } } : made;
}
