import type { ChangeSet } from '../../../src/worker/domain/tasks/changeSet';
import type { Result } from '../../../src/worker/domain/tasks/errors';
import type { TaskContext, TaskDeps, TaskReadPort } from '../../../src/worker/domain/tasks/ports';
import { ensureInbox } from '../../../src/worker/domain/tasks/projects/ensureInbox';
import type { ProjectRecord, StatusRecord, TaskRecord } from '../../../src/worker/domain/tasks/types';

/**
 * An in-memory vault for unit tests: a TaskReadPort over three maps, change sets applied the way
 * the worker applies them (upserts by id, tombstones remove), deterministic ids and a settable
 * clock. Test helper only; the real port is the Dexie one.
 */
export class MemoryVault implements TaskReadPort {
  tasks = new Map<string, TaskRecord>();
  projects = new Map<string, ProjectRecord>();
  statuses = new Map<string, StatusRecord>();
  private seq = 0;
  nowMs = Date.parse('2026-11-21T10:00:00Z');
  readonly deps: TaskDeps;
  readonly ctx: TaskContext;

  constructor(deviceId = 'devA', timeZone = 'Europe/Berlin') {
    this.deps = {
      newId: () => `id${++this.seq}`,
      now: () => this.nowMs,
      deviceId,
      timeZone,
    };
    this.ctx = { deps: this.deps, read: this };
  }

  static async withInbox(deviceId?: string, timeZone?: string): Promise<MemoryVault> {
    const vault = new MemoryVault(deviceId, timeZone);
    vault.apply(await ensureInbox(vault.ctx));
    return vault;
  }

  apply(set: ChangeSet): ChangeSet {
    for (const t of set.tasks) this.tasks.set(t.id, t);
    for (const p of set.projects) this.projects.set(p.id, p);
    for (const s of set.statuses) this.statuses.set(s.id, s);
    for (const t of set.deletedTasks) this.tasks.delete(t.id);
    for (const p of set.deletedProjects) this.projects.delete(p.id);
    for (const s of set.deletedStatuses) this.statuses.delete(s.id);
    return set;
  }

  /** Apply a successful result; throw (failing the test) on a refusal. */
  must(result: Result<ChangeSet>): ChangeSet {
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
    return this.apply(result.value);
  }

  task(id: string): TaskRecord {
    const t = this.tasks.get(id);
    if (!t) throw new Error(`no task ${id}`);
    return t;
  }

  snapshot() {
    return structuredClone({ t: [...this.tasks], p: [...this.projects], s: [...this.statuses] });
  }

  async getTask(id: string) {
    return this.tasks.get(id) ?? null;
  }
  async getProject(id: string) {
    return this.projects.get(id) ?? null;
  }
  async getStatus(id: string) {
    return this.statuses.get(id) ?? null;
  }
  async listStatuses(projectId: string) {
    return [...this.statuses.values()].filter((s) => s.projectId === projectId);
  }
  async listSubtasks(parentId: string) {
    return [...this.tasks.values()].filter((t) => t.parentId === parentId);
  }
  async maxTaskPosition(projectId: string, parentId: string | null) {
    const ps = [...this.tasks.values()]
      .filter((t) => t.projectId === projectId && t.parentId === parentId)
      .map((t) => t.position);
    return ps.length === 0 ? null : Math.max(...ps);
  }
  async listTaskIdsByProject(projectId: string) {
    return [...this.tasks.values()].filter((t) => t.projectId === projectId).map((t) => t.id);
  }
  async listTaskIdsByStatus(statusId: string) {
    return [...this.tasks.values()].filter((t) => t.statusId === statusId).map((t) => t.id);
  }
  async listProjects() {
    return [...this.projects.values()];
  }
}
