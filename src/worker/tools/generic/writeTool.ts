import { ok } from '../../ops/result';
import { desktopWrite } from '../catalog/genericTools';
import { defineTool, jsonOutput } from '../defineTool';

/**
 * Spec 4.3 `vault_desktop_write`: a write operation, approved per operation by the registry
 * (validation first, so the user is never asked about a call that cannot run).
 */
export const writeTool = defineTool({
  spec: desktopWrite,
  operations: [],
  available: (registry) => registry.list().some((op) => op.kind === 'write'),
  summarize: ({ operation }) => `Run ${operation}`,
  handler: async ({ operation, args }, { registry, caller, approve }) => {
    const result = await registry.write(operation, args ?? [], { caller, approve });
    return result.ok ? ok(jsonOutput(result.value)) : result;
  },
});
