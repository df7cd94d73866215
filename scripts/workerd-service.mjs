// The sync service on workerd for local runs, with no `wrangler dev` in front of it.
//
// Why not `wrangler dev`: it serves through a second workerd (its ProxyWorker), which forwards
// each request over pooled keep-alive connections to the workerd that runs the Worker. workerd
// closes a connection that stayed idle 5 s, and a request the proxy sends on such a connection as
// it closes is lost: the proxy answers a POST "503 Your worker restarted mid-request" although
// nothing restarted (and resends a GET). Under load that hit a sign-in code request in the e2e
// suite (a 503 without CORS headers: "The sync service cannot be reached"), the production test's
// /dev POSTs and the convergence soak's sign-ins (docs/foundation.md, "Local sync service").
// It also watches the sources and reloads the Worker when one is touched, failing in-flight
// POSTs the same way. Here the bundle is built once, as a deploy builds it (`wrangler deploy
// --dry-run`), and Miniflare runs it with the bindings wrangler derives from the same
// configuration (D1, R2, Durable Objects, Queues, vars, .dev.vars): one workerd, one hop.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';

const root = resolve(import.meta.dirname, '..');
const wrangler = join(root, 'node_modules/.bin/wrangler');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_UPDATE_NOTIFIER: '1' };

/** Runs a wrangler command in the project root; throws with its output when it fails. */
export function runWrangler(args) {
  const run = spawnSync(wrangler, args, { cwd: root, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrangler ${args[0]} failed\n${run.stdout}\n${run.stderr}`);
  return run.stdout + run.stderr;
}

/** Builds the Worker the way `wrangler deploy` does, into `outDir` (index.js); returns its output. */
export function buildBundle(config, outDir) {
  return runWrangler(['deploy', '--dry-run', '--outdir', outDir, '-c', config]);
}

/** Applies the D1 migrations to the local state under `persistTo` (wrangler's layout). */
export function migrate(config, persistTo) {
  runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo, '-c', config]);
}

/**
 * Starts the bundle at `scriptPath` on workerd at 127.0.0.1:`port`, with the bindings of
 * `config`, the vars of `envFile` (secrets) and then `vars` (name -> value, last wins), its state
 * under `persistTo` (the layout `wrangler dev --persist-to` and `wrangler d1 --local` use).
 * Request lines and the Worker's console go to stdout. `GET /cdn-cgi/handler/scheduled?cron=`
 * runs a Cron trigger now. Returns the running Miniflare (dispose() stops it).
 */
export async function startWorkerd({ config, scriptPath, envFile, vars = {}, persistTo, port }) {
  const read = unstable_readConfig({ config });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(read, undefined, { envFiles: [envFile] });
  const mf = new Miniflare({
    host: '127.0.0.1',
    port,
    defaultPersistRoot: join(persistTo, 'v3'),
    unsafeTriggerHandlers: true,
    // the placeholder Request.cf, without asking workers.cloudflare.com for a real one (offline)
    cf: false,
    log: new Log(LogLevel.INFO),
    workers: [
      {
        ...workerOptions,
        name: read.name,
        modules: true,
        // module names are relative to the bundle's folder (by default, to the working directory)
        modulesRoot: dirname(scriptPath),
        scriptPath,
        bindings: { ...workerOptions.bindings, ...vars },
      },
    ],
  });
  await mf.ready;
  return mf;
}
