import type { Caller, OperationApprovalRequest } from '../../ops/context';
import type { Registry } from '../../ops/registry';
import { fieldDiff, shortValue } from './fieldDiff';

export interface OperationPreview {
  summary: string;
  diff?: string;
}

const EDIT_VERB = /^(update|rename)(.*)$/;
const VALUE_CHARS = 80;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Where `record` holds the field an edit sets: its own name, or the spec's `<name>_markdown` (journal, notes). */
function keyIn(record: Record<string, unknown>, field: string): string | null {
  if (field in record) return field;
  return `${field}_markdown` in record ? `${field}_markdown` : null;
}

/** The record's values of the changed fields, under the names the edit uses. */
function aligned(record: Record<string, unknown>, changed: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(changed.map((field) => [field, record[keyIn(record, field) ?? field]]));
}

/** `name: value` for every argument given, values cut short: what the call will do, at a glance. */
function callLine(name: string, params: readonly { name: string }[], args: readonly unknown[]): string {
  const parts = args.map((arg, i) => `${params[i]?.name ?? `arg${i}`}: ${shortValue(arg, VALUE_CHARS)}`);
  return `${name}(${parts.join(', ')})`;
}

/**
 * The record an edit changes, as its namespace's reader returns it: `tasks.updateProject(id, …)`
 * is read by `tasks.getProject(id)`, `notes.rename(id, …)` by `notes.get(id)`, `journal.updateEntry`
 * by `journal.getEntry`. A reply that wraps the record (`{task: {...}}`) is unwrapped.
 */
async function recordBefore(
  registry: Registry,
  operation: string,
  id: string,
  changed: readonly string[],
  caller: Caller,
): Promise<Record<string, unknown> | null> {
  const [namespace, verb = ''] = operation.split('.');
  const suffix = EDIT_VERB.exec(verb)?.[2];
  if (suffix === undefined) return null;
  const reader = registry.get(`${namespace}.get${suffix}`);
  if (reader === undefined || reader.kind !== 'read' || reader.params.length < 1) return null;
  const read = await registry.read(reader.name, [id], { caller });
  if (!read.ok || !isRecord(read.value)) return null;
  const value = read.value;
  const holds = (r: Record<string, unknown>) => changed.some((field) => keyIn(r, field) !== null);
  if (holds(value)) return aligned(value, changed);
  const inner = Object.values(value).find((v) => isRecord(v) && holds(v));
  return isRecord(inner) ? aligned(inner, changed) : null;
}

/**
 * What the approval dialog shows for a write operation reached through vault_desktop_write: the
 * operation's summary with each argument by name, and for an edit of an existing record (an
 * `update…` or `rename…` operation whose first argument names the record, and whose namespace
 * has the matching `get…` reader) a before/after diff of the fields it changes, read before the
 * user decides. Reads only; a failed read leaves the diff out (the arguments are still shown).
 */
export async function previewOperation(
  registry: Registry,
  request: OperationApprovalRequest,
  caller: Caller,
): Promise<OperationPreview> {
  const op = registry.get(request.operation);
  const params = op?.params ?? [];
  const summary = `${request.summary}: ${callLine(request.operation, params, request.args)}`;
  const [id, second] = request.args;
  if (typeof id !== 'string' || second === undefined) return { summary };
  // `(id, {field: value})` sets those fields; `(id, value)` sets the one the second param names.
  const changes = isRecord(second) ? second : { [params[1]?.name ?? 'value']: second };
  try {
    const before = await recordBefore(registry, request.operation, id, Object.keys(changes), caller);
    const diff = before === null ? null : fieldDiff(before, changes);
    return diff === null ? { summary } : { summary, diff };
  } catch {
    return { summary };
  }
}
