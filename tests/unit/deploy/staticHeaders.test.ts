import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The `_headers` rules a static host applies (Cloudflare Pages and Netlify format): a line starting
 * without indentation is a path pattern, the indented `Name: value` lines under it its headers.
 */
function parseHeaders(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current === null || colon < 0) throw new Error(`header line outside a rule: ${line}`);
    current.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return rules;
}

describe('headers of a production deploy of the static app', () => {
  it('public/_headers sends Origin-Agent-Cluster: ?1 on every path (so on every HTML response)', () => {
    const rules = parseHeaders(
      readFileSync(resolve(import.meta.dirname, '../../../public/_headers'), 'utf8'),
    );
    expect(rules.get('/*')?.get('origin-agent-cluster')).toBe('?1');
  });

  it('vite dev and preview send the same value', () => {
    const config = readFileSync(resolve(import.meta.dirname, '../../../vite.config.ts'), 'utf8');
    expect(config).toContain("'Origin-Agent-Cluster': '?1'");
  });
});
