import { tick } from '../../domain/clock/vectorClock';
import { filingPatterns } from '../../domain/inbox/filingPatterns';
import type { InboxRow, SuggestionFeedback } from '../../domain/inbox/inboxItem';
import { type ExtractionFact, type InboxJob, type JobState, jobsOf } from '../../domain/inbox/inboxJobs';
import { learnedSuggestions, targetKey } from '../../domain/inbox/learnedSuggestions';
import type { SuggestionTarget } from '../../domain/inbox/suggestions';
import { isTrashedProject } from '../../domain/trash/projectTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { writeTx } from '../writeTx';
import { itemId } from './inboxSchemas';
import type { InboxStore } from './inboxStore';

/** How many recently filed items the learning reads: bounded work, and recent habits count. */
export const LEARN_FROM = 300;
const FEEDBACK_MAX = 20;
const JOB_STATES = ['pending', 'done', 'failed', 'waiting', 'unavailable'] as const;

/**
 * What the inbox learns from the user (docs/planning.md, "Learned suggestions, jobs, patterns"):
 * suggestions from where similar items were filed, answers to suggestions
 * (`inbox.trackSuggestion`), the filing patterns (`inbox.getPatterns`), and the background work
 * on items with its state (`inbox.getJobs`).
 */
export function inboxLearningOperations(services: VaultServices, store: InboxStore): Operation[] {
  const { db, deps } = store;

  /** Folders, and active projects other than the Inbox: where an item can be filed. */
  async function fileTargets(): Promise<SuggestionTarget[]> {
    const [folders, projects] = await Promise.all([db.folders.toArray(), db.projects.toArray()]);
    return [
      ...folders.map((f) => ({ kind: 'folder' as const, id: f.path, name: f.path })),
      ...projects
        .filter((p) => !p.isInbox && p.archivedAt === null && !isTrashedProject(p))
        .map((p) => ({ kind: 'project' as const, id: p.id, name: p.name })),
    ];
  }
  const recentlyFiled = () => db.inbox.orderBy('filedAt').reverse().limit(LEARN_FROM).toArray();

  /** Jobs of items still in the inbox, then of captures filed lately (their attachment's text). */
  async function allJobs(): Promise<InboxJob[]> {
    const inBucket = (b: 'open' | 'snoozed') =>
      db.inbox
        .where('[bucket+capturedAt]')
        .between([b, -Infinity], [b, Infinity])
        .filter((r) => r.type !== 'text')
        .toArray();
    const waiting = [...(await inBucket('open')), ...(await inBucket('snoozed'))];
    const filed = (await recentlyFiled()).filter((r) => r.metadata?.attachmentId);
    const texts = await db.fileTexts.bulkGet(filed.map((r) => r.metadata!.attachmentId!));
    const filedJobs = filed.flatMap((r, i) => {
      const t = texts[i];
      // No row yet: filed a moment ago, the extraction queue has not reached it.
      const fact: ExtractionFact = t ? { status: t.status, reason: t.reason } : { status: 'extracting' };
      return jobsOf(r, fact);
    });
    return [...waiting.sort((a, b) => b.capturedAt - a.capturedAt).flatMap((r) => jobsOf(r)), ...filedJobs];
  }

  return [
    defineOperation({
      kind: 'read',
      name: 'inbox.getSuggestions',
      summary:
        'Folders and projects to file an item into, best first: where similar items were filed, and names sharing its words and tags.',
      params: [itemId] as const,
      handler: async ([id]) => {
        const row = await db.inbox.get(id);
        if (!row)
          return fail('NOT_FOUND', `inbox item ${JSON.stringify(id)} does not exist`, { field: 'args[0]' });
        const dismissed = new Set(
          (row.suggestionFeedback ?? []).filter((f) => f.outcome === 'dismissed').map((f) => f.target),
        );
        const filed = (await recentlyFiled()).filter((r) => r.id !== id);
        return ok({ id, suggestions: learnedSuggestions(row, await fileTargets(), filed, dismissed) });
      },
    }),
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'inbox.trackSuggestion',
      summary:
        'Record the user’s answer to a suggestion: accepted, or dismissed (not offered again for that item).',
      params: [
        itemId,
        {
          name: 'answer',
          required: true,
          schema: {
            type: 'object',
            properties: {
              kind: { enum: ['folder', 'project'] },
              target: { type: 'string', maxLength: 1000, description: 'folder path or project id' },
              outcome: { enum: ['accepted', 'dismissed'] },
            },
            required: ['kind', 'target', 'outcome'],
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([id, answer]) => {
        const key = targetKey({ kind: answer.kind, id: answer.target });
        if (!(await fileTargets()).some((t) => targetKey(t) === key))
          return fail('VALIDATION', `no ${answer.kind} ${JSON.stringify(answer.target)} to file into`, {
            field: 'args[1].target',
          });
        return writeTx(services, [db.inbox], async (changes) => {
          const row = await store.load(id, 'args[0]');
          const at = new Date(deps.now()).toISOString();
          const entry: SuggestionFeedback = { target: key, outcome: answer.outcome, at };
          // One answer per target (the latest), the newest FEEDBACK_MAX kept.
          const feedback = [...(row.suggestionFeedback ?? []).filter((f) => f.target !== key), entry].slice(
            -FEEDBACK_MAX,
          );
          const next: InboxRow = {
            ...row,
            suggestionFeedback: feedback,
            modifiedAt: at,
            clock: tick(row.clock, deps.deviceId),
          };
          await store.put([next], changes);
          return { id, target: key, outcome: answer.outcome, at };
        });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'inbox.getPatterns',
      summary:
        'Where the user files: each folder or project with how many recent items went there and their commonest words, tags and types.',
      params: [] as const,
      handler: async () => {
        const rows = await recentlyFiled();
        const names = new Map((await fileTargets()).map((t) => [targetKey(t), t.name]));
        return ok({ basedOn: rows.length, patterns: filingPatterns(rows, names) });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'inbox.getJobs',
      summary:
        'Background work on inbox items (link previews, transcription, text extraction) with its state, detail and retry operation.',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: {
              state: { enum: JOB_STATES },
              limit: { type: 'integer', minimum: 1, maximum: 500 },
            },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([o]) => {
        const jobs = await allJobs();
        const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
        for (const j of jobs) counts[j.state] += 1;
        const chosen = o?.state ? jobs.filter((j) => j.state === o.state) : jobs;
        const limit = o?.limit ?? 100;
        return ok({ jobs: chosen.slice(0, limit), hasMore: chosen.length > limit, counts });
      },
    }),
  ];
}
