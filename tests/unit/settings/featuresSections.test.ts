import { describe, expect, it } from 'vitest';
import { planningSections } from '../../../src/ui/planning/sections';
import { featuresSettings } from '../../../src/worker/settings/groups/featuresSettings';

describe('features settings', () => {
  it('has a switch for every section of the navigation, shown by default', () => {
    const fields = featuresSettings.schema.properties as Record<string, unknown>;
    const defaults = featuresSettings.defaults as Record<string, boolean>;
    for (const s of planningSections) {
      expect(fields[s.id], s.id).toBeDefined();
      expect(defaults[s.id], s.id).toBe(true);
    }
  });
});
