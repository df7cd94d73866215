import { describe, expect, it } from 'vitest';
import {
  due,
  exhausted,
  MISSING_PROBE_INTERVAL_MS,
  nextFailure,
  TRANSIENT_RETRY_BASE_MS,
} from '../../../../src/sync/engine/attachments/retryRules';

// Spec 3.8 and 8.3: transient failures back off exponentially from 1 minute; a 404/410 is
// re-probed once a day, 3 times, then never automatically.
describe('attachment download retry rules', () => {
  it('backs a transient failure off 1, 2, 4, 8 minutes', () => {
    let s = nextFailure(undefined, 'transient', 0);
    const waits = [s.retryAt];
    for (let i = 0; i < 3; i++) {
      s = nextFailure(s, 'transient', 0);
      waits.push(s.retryAt);
    }
    expect(waits).toEqual([1, 2, 4, 8].map((m) => m * TRANSIENT_RETRY_BASE_MS));
    expect(exhausted(s)).toBe(false);
  });

  it('re-probes a missing file once a day three times, then never', () => {
    let s = nextFailure(undefined, 'missing', 0);
    expect(s.retryAt).toBe(MISSING_PROBE_INTERVAL_MS);
    for (let probe = 1; probe <= 2; probe++) {
      s = nextFailure(s, 'missing', probe * MISSING_PROBE_INTERVAL_MS);
      expect(s.retryAt).toBe((probe + 1) * MISSING_PROBE_INTERVAL_MS);
    }
    expect(exhausted(s)).toBe(false);
    s = nextFailure(s, 'missing', 3 * MISSING_PROBE_INTERVAL_MS); // the third re-probe fails too
    expect(s.retryAt).toBeNull();
    expect(exhausted(s)).toBe(true);
    expect(due(s, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('starts the count over when the kind of failure changes', () => {
    const missing = nextFailure(nextFailure(undefined, 'missing', 0), 'missing', 0);
    const t = nextFailure(missing, 'transient', 1000);
    expect(t).toEqual({ kind: 'transient', attempts: 1, retryAt: 1000 + TRANSIENT_RETRY_BASE_MS });
    expect(due(t, 1000)).toBe(false);
    expect(due(t, 1000 + TRANSIENT_RETRY_BASE_MS)).toBe(true);
  });
});
