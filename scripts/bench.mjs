#!/usr/bin/env node
// Runs every tests/bench/*.bench.ts (each default-exports `async () => BenchRow[]`), prints one
// table and writes bench/results.json. Pass names to run a subset: `npm run bench -- search app`.
// A subset run keeps every earlier row whose (group, figure) it did not measure again, each with
// its own `measuredAt`, so one bench never wipes another's figures.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = resolve(import.meta.dirname, '..');
const dir = join(root, 'tests/bench');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const rows = [];
const failures = [];
for (const f of files) {
  const started = performance.now();
  process.stderr.write(`bench: ${f} ...\n`);
  try {
    const mod = await import(pathToFileURL(join(dir, f)).href);
    const out = await mod.default();
    rows.push(...out);
    process.stderr.write(`bench: ${f} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  } catch (err) {
    failures.push({ bench: f, error: String(err?.stack ?? err) });
    process.stderr.write(`bench: ${f} FAILED: ${err?.stack ?? err}\n`);
  }
}

const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 3 : 1));
const table = rows.map((r) => ({
  group: r.group,
  figure: r.name,
  value: `${fmt(r.value)} ${r.unit}`,
  target: r.target ?? '',
  ok: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  note: r.note ?? '',
}));
const cols = ['group', 'figure', 'value', 'target', 'ok', 'note'];
const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...table.map((r) => r[c].length))]));
const line = (r) => cols.map((c) => r[c].padEnd(width[c])).join(' | ');
console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
console.log(cols.map((c) => '-'.repeat(width[c])).join('-|-'));
for (const r of table) console.log(line(r));

mkdirSync(join(root, 'bench'), { recursive: true });
const resultsPath = join(root, 'bench/results.json');
const measuredAt = new Date().toISOString();
const key = (r) => `${r.group}|${r.name}`;
const merged = new Map();
if (existsSync(resultsPath)) {
  try {
    const earlier = JSON.parse(readFileSync(resultsPath, 'utf8'));
    // a full run replaces every figure but the soak's (`npm run soak`, scripts/soak.mjs, writes those)
    for (const r of earlier.rows ?? [])
      if (only.length > 0 || r.group === 'soak') merged.set(key(r), { measuredAt: earlier.measuredAt, ...r });
  } catch {
    // An unreadable earlier file is replaced by this run's rows.
  }
}
for (const r of rows) merged.set(key(r), { ...r, measuredAt });
writeFileSync(
  resultsPath,
  `${JSON.stringify({ measuredAt, node: process.version, rows: [...merged.values()], failures }, null, 2)}\n`,
);
console.log(
  `\nwrote bench/results.json (${rows.length} figures${failures.length ? `, ${failures.length} benches failed` : ''})`,
);
if (failures.length) process.exitCode = 1;
