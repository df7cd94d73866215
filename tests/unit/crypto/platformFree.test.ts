import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The crypto core and the signing bytes run unchanged in workerd, Chromium and Node: they may
 * import only each other, @noble/* and @scure/*, never a Node built-in, Dexie, Solid or the DOM.
 */
const root = resolve(import.meta.dirname, '../../..');
const files = [
  ...readdirSync(join(root, 'src/sync/crypto')).map((f) => join('src/sync/crypto', f)),
  'src/sync/protocol/signing.ts',
];
const ALLOWED = /^(\.{1,2}\/|@noble\/(ciphers|curves|hashes)\/[\w-]+\.js$|@scure\/base$)/;

describe('platform-free crypto core', () => {
  it.each(files)('%s imports only allowed modules and touches no DOM or Node globals', (file) => {
    const source = readFileSync(join(root, file), 'utf8');
    const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
    for (const specifier of specifiers) expect(specifier).toMatch(ALLOWED);
    expect(source).not.toMatch(/\b(window|document|indexedDB|Buffer|process)\./);
    expect(source).not.toMatch(/\b(require|import)\(/);
  });
});
