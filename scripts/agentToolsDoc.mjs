#!/usr/bin/env node
// Regenerates the registry table of docs/agent-tools.md from the registry the vault registers
// (describeRegistry over an in-memory IndexedDB, as the build's /mcp/tools.json is made).
// `node scripts/agentToolsDoc.mjs`; tests/unit/agent/registryDoc.test.ts fails while the doc lags.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = resolve(import.meta.dirname, '..');
const { IDBFactory, IDBKeyRange } = await import('fake-indexeddb');
const { openVaultDb } = await import('../src/worker/db/schema.ts');
const { describeRegistry } = await import('../src/worker/agent/describeRegistry.ts');
const { buildToolsFile } = await import('../src/worker/agent/toolsFile.ts');
const { registryTable, withRegistryTable } = await import('../src/worker/agent/registryTable.ts');

const db = openVaultDb('agent-tools-doc', new IDBFactory(), IDBKeyRange);
const registry = await describeRegistry(db);
db.close();
const tools = buildToolsFile(registry, 'doc').tools.map((t) => t.name);
const path = resolve(root, 'docs/agent-tools.md');
const doc = withRegistryTable(readFileSync(path, 'utf8'), registryTable(registry.list(), tools));
if (doc === null) throw new Error('docs/agent-tools.md lacks the registry-table markers');
writeFileSync(path, doc);
process.stdout.write(`docs/agent-tools.md: ${registry.list().length} operations, ${tools.length} tools\n`);
