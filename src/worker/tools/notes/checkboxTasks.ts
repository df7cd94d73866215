import { DESCRIPTION_MAX, TITLE_MAX } from '../../domain/tasks/schemas';
import type { Caller } from '../../ops/context';
import type { Registry } from '../../ops/registry';
import type { OpError } from '../../ops/result';
import type { ToolEnv } from '../defineTool';
import { type SourceRef, taskRef } from '../reply/links';
import { type CheckboxLine, linkConvertedLines } from './checkboxLines';

const AI_SETTINGS = 'settings.getAISettings';

/** One entry of vault_create_note's `created_tasks` (docs/agent-tools.md). */
export interface CreatedTask {
  id: string;
  title: string;
  /** the task it is a subtask of: the checkbox line it was indented under */
  parent_id: string | null;
  project: string;
  href: string;
  source_ref: SourceRef;
}

export interface Conversion {
  /** the body with every converted line linked to its task */
  markdown: string;
  created: CreatedTask[];
  /** why conversion stopped early: the lines after it stay plain checkboxes */
  error?: OpError;
}

/**
 * Whether the owner turned on task conversion for agents (spec 4.2; the synced `ai` settings
 * group). A vault whose registry has no settings or no tasks cannot convert: off.
 */
export async function conversionEnabled(registry: Registry, caller: Caller): Promise<boolean> {
  if (registry.get(AI_SETTINGS) === undefined || registry.get('tasks.create') === undefined) return false;
  const ai = await registry.read(AI_SETTINGS, [], { caller });
  return (
    ai.ok &&
    (ai.value as { convertCheckboxesToTasksForAgents?: unknown }).convertCheckboxesToTasksForAgents === true
  );
}

/** A title within the task limit; a longer line keeps its whole text as the description. */
function titleFields(text: string): { title: string; description?: string } {
  const chars = Array.from(text);
  if (chars.length <= TITLE_MAX) return { title: text };
  return {
    title: `${chars.slice(0, TITLE_MAX - 1).join('')}…`,
    description: chars.slice(0, DESCRIPTION_MAX).join(''),
  };
}

/**
 * Turns the open checkbox lines of a note just created into tasks of the Inbox project, each
 * linked to the note (`sourceNoteId`), a nested box becoming a subtask of the box above it. Runs
 * after the note exists (a task's source note is fixed when it is created). On the first refusal
 * it stops: what was created is reported, and the lines left (and the children of a line that
 * failed) stay plain checkboxes, so no text is lost.
 */
export async function convertCheckboxes(
  noteId: string,
  markdown: string,
  lines: readonly CheckboxLine[],
  { registry, caller, approve }: ToolEnv,
): Promise<Conversion> {
  const ids = new Map<number, string>();
  const created: CreatedTask[] = [];
  for (const [index, line] of lines.entries()) {
    const parentId = line.parent === null ? null : (ids.get(line.parent) ?? null);
    if (line.parent !== null && parentId === null) continue;
    const input = { ...titleFields(line.text), sourceNoteId: noteId, ...(parentId ? { parentId } : {}) };
    const res = await registry.write('tasks.create', [input], { caller, approve });
    const task = res.ok
      ? (res.value as { task: { id: string; title: string; projectId: string } | null }).task
      : null;
    if (!res.ok || task === null) {
      const error = res.ok ? { code: 'INTERNAL', message: 'tasks.create wrote no task' } : res.error;
      return { markdown: linkConvertedLines(markdown, lines, ids), created, error };
    }
    ids.set(index, task.id);
    const ref = taskRef(task.id, task.title);
    created.push({
      id: task.id,
      title: task.title,
      parent_id: parentId,
      project: task.projectId,
      href: ref.href,
      source_ref: ref,
    });
  }
  return { markdown: linkConvertedLines(markdown, lines, ids), created };
}
