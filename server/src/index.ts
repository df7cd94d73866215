import { d1Sql } from './adapters/d1-sql';
import { durableObjectHub } from './adapters/do-hub';
import { httpMailer } from './adapters/http-mailer';
import { inlineBlobs } from './adapters/inline-blobs';
import { logMailer } from './adapters/log-mailer';
import { paddleProvider } from './adapters/paddle/paddle-provider';
import { queuePackJobs } from './adapters/queue-pack-jobs';
import { r2Blobs } from './adapters/r2-blobs';
import { sqlLimiter } from './adapters/sql-limiter';
import { unconfiguredMailer } from './adapters/unconfigured-mailer';
import { createApp } from './app';
import { reclaimDeletedChunks } from './attachments/reclaim';
import { readConfig } from './config';
import type { Deps } from './deps';
import { housekeeping } from './domain/housekeeping';
import type { Env } from './env';
import { objectUrlsFor } from './objects/factory';
import { r2ObjectStore } from './objects/r2-object-store';
import { consumePackJobs, jobId } from './packs/consume';
import { PACK_SWEEP_CRON, sweepPackBacklog } from './packs/sweep';
import type { PackJob } from './ports/pack-jobs';
import { purgeExpiredTombstones } from './records/purge-tombstones';

export { VaultHub } from './hub/vault-hub-object';

/** Composition root: wires Workers bindings into the platform-free app. Nothing else lives here. */
const app = createApp();
const log = (event: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ event, ...fields }));

/** `origin`: the public origin of the request being served (worker-signed URLs point back at it). */
function depsFor(env: Env, ctx: ExecutionContext, origin: string | null): Deps {
  const config = readConfig(env);
  const sql = d1Sql(env.DB);
  const clock = { nowMs: () => Date.now() };
  const deps: Deps = {
    sql,
    // small objects inline in D1, the rest in R2 (docs/protocol.md, "Small blobs inline in D1")
    blobs: inlineBlobs(sql, r2Blobs(env.BLOBS)),
    objects: r2ObjectStore(env.BLOBS),
    objectUrls: objectUrlsFor(config, origin, clock),
    clock,
    limiter: sqlLimiter(sql),
    mailer: config.development
      ? logMailer(log)
      : env.MAIL_API_KEY && env.MAIL_FROM
        ? httpMailer({
            url: env.MAIL_API_URL ?? 'https://api.resend.com/emails',
            apiKey: env.MAIL_API_KEY,
            from: env.MAIL_FROM,
          })
        : unconfiguredMailer(),
    hub: durableObjectHub(
      env.VAULT_HUB,
      (err) => log('hub_notify_failed', { error: String(err) }),
      (p) => ctx.waitUntil(p),
    ),
    billing: config.billing ? paddleProvider(config.billing) : null,
    packJobs: env.PACK_QUEUE ? queuePackJobs(env.PACK_QUEUE, log, (p) => ctx.waitUntil(p)) : null,
    config,
    log,
  };
  return deps;
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    return app.fetch(request, { deps: depsFor(env, ctx, new URL(request.url).origin) }, ctx);
  },
  // Pack compaction messages (spec 3.6, 6.2): a failed vault's messages come back later.
  async queue(batch: MessageBatch<PackJob>, env: Env, ctx: ExecutionContext) {
    const deps = depsFor(env, ctx, null);
    const failed = await consumePackJobs(
      deps,
      batch.messages.map((m) => m.body),
    );
    for (const m of batch.messages) {
      if (failed.has(jobId(m.body))) m.retry();
      else m.ack();
    }
  },
  // 6-hourly (PACK_SWEEP_CRON): the pack backlog sweep. Daily: expired-row cleanup, then tombstone
  // payloads and deleted files' chunks past their history window (a few batches each).
  async scheduled(event: ScheduledController, env: Env, ctx: ExecutionContext) {
    const deps = depsFor(env, ctx, null);
    if (event.cron === PACK_SWEEP_CRON) {
      await sweepPackBacklog(deps);
      return;
    }
    await housekeeping(deps, deps.clock.nowMs());
    for (let i = 0; i < 50; i++) {
      const run = await purgeExpiredTombstones(deps, { nowMs: deps.clock.nowMs() });
      if (!run.more) break;
    }
    // then the chunks of files deleted longer ago than their owner's version history
    for (let i = 0; i < 50; i++) {
      const run = await reclaimDeletedChunks(deps, { nowMs: deps.clock.nowMs() });
      if (!run.more) break;
    }
  },
} satisfies ExportedHandler<Env, PackJob>;
