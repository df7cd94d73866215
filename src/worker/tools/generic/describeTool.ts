import { ok } from '../../ops/result';
import { desktopDescribe } from '../catalog/genericTools';
import { defineTool, jsonOutput } from '../defineTool';

/** Spec 4.3 `vault_desktop_describe`: always offered (it lists what the registry holds). */
export const describeTool = defineTool({
  spec: desktopDescribe,
  operations: [],
  available: () => true,
  handler: ({ operation }, { registry }) => {
    const described = operation === undefined ? registry.describe() : registry.describe(operation);
    return described.ok ? ok(jsonOutput(described.value)) : described;
  },
});
