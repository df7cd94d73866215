#!/usr/bin/env node
// Runs an already built Worker bundle on one workerd (scripts/workerd-service.mjs), with the
// bindings and vars of a wrangler configuration and the secrets of an env file, and nothing else:
// how tests/server/production-config runs what `wrangler deploy --dry-run` built.
//   node scripts/workerd-run.mjs --config <wrangler.jsonc> --script <bundle/index.js>
//     --env-file <secrets> --persist-to <dir> --port <n>
// Prints "ready at <url>" once it listens; SIGTERM stops it.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWorkerd } from './workerd-service.mjs';

const { values } = parseArgs({
  options: {
    config: { type: 'string' },
    script: { type: 'string' },
    'env-file': { type: 'string' },
    'persist-to': { type: 'string' },
    port: { type: 'string' },
  },
});
for (const name of ['config', 'script', 'env-file', 'persist-to', 'port']) {
  if (!values[name]) {
    console.error(`workerd-run: --${name} is required`);
    process.exit(2);
  }
}
const port = Number(values.port);
const service = await startWorkerd({
  config: resolve(values.config),
  scriptPath: resolve(values.script),
  envFile: resolve(values['env-file']),
  persistTo: resolve(values['persist-to']),
  port,
});
const stop = async () => {
  await service.dispose();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`ready at http://127.0.0.1:${port}`);
