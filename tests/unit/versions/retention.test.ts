import { describe, expect, it } from 'vitest';
import {
  BURST_GAP_MS,
  EDIT_VERSION_INTERVAL_MS,
  MAX_VERSIONS,
  shouldKeepEditVersion,
  startsBurst,
  versionsToPrune,
} from '../../../src/worker/domain/versions/retention';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 21, 12);

describe('version retention', () => {
  it('keeps every version of the last hour', () => {
    const vs = Array.from({ length: 30 }, (_, i) => ({ id: `v${i}`, created: now - i * 60_000 }));
    expect(versionsToPrune(vs, now)).toEqual([]);
  });

  it('within the day, keeps the newest typing version of each hour and every agent, import or restore version', () => {
    const vs = [
      { id: 'h3-late', created: now - 3 * HOUR + 10 * 60_000, reason: 'edit' },
      { id: 'h3-early', created: now - 3 * HOUR + 5 * 60_000, reason: 'edit' },
      { id: 'h3-agent', created: now - 3 * HOUR + 2 * 60_000, reason: 'agent' },
      { id: 'h3-import', created: now - 3 * HOUR + 60_000, reason: 'import' },
      { id: 'h5', created: now - 5 * HOUR, reason: 'edit' },
    ];
    expect(versionsToPrune(vs, now)).toEqual(['h3-early']);
  });

  it('keeps the newest version of each older day, and drops what is older than 30 days', () => {
    const vs = [
      { id: 'd2-late', created: now - 2 * DAY + HOUR },
      { id: 'd2-early', created: now - 2 * DAY - 5 * HOUR },
      { id: 'd10', created: now - 10 * DAY },
      { id: 'd31', created: now - 31 * DAY },
    ];
    expect(versionsToPrune(vs, now).sort()).toEqual(['d2-early', 'd31']);
  });

  it('never keeps more than the cap, newest first', () => {
    const vs = Array.from({ length: MAX_VERSIONS + 5 }, (_, i) => ({ id: `v${i}`, created: now - i * 1000 }));
    const pruned = versionsToPrune(vs, now);
    expect(pruned).toHaveLength(5);
    expect(pruned).toContain(`v${MAX_VERSIONS + 4}`);
    expect(pruned).not.toContain('v0');
  });

  it('keeps an edit version when none exists, at a burst start, or when the last one is old enough', () => {
    expect(shouldKeepEditVersion(null, now)).toBe(true);
    expect(shouldKeepEditVersion(now - EDIT_VERSION_INTERVAL_MS + 1, now)).toBe(false);
    expect(shouldKeepEditVersion(now - EDIT_VERSION_INTERVAL_MS, now)).toBe(true);
    expect(shouldKeepEditVersion(now - 1000, now, true)).toBe(true);
  });

  it('a keystroke starts a burst after a pause of BURST_GAP_MS, or when none was seen', () => {
    expect(startsBurst(null, now)).toBe(true);
    expect(startsBurst(now - BURST_GAP_MS + 1, now)).toBe(false);
    expect(startsBurst(now - BURST_GAP_MS, now)).toBe(true);
  });
});
