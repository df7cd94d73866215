import { ok } from '../../ops/result';
import { desktopWrite } from '../catalog/genericTools';
import { defineTool, jsonOutput } from '../defineTool';

/**
 * Spec 4.3 `vault_desktop_write`: a write operation, approved per operation by the registry
 * (validation first, so the user is never asked about a call that cannot run). The dialog's
 * summary and diff come from the tool host (approval/operationPreview.ts), per operation.
 */
export const writeTool = defineTool({
  spec: desktopWrite,
  operations: [],
  available: (registry) => registry.list().some((op) => op.kind === 'write'),
  handler: async ({ operation, args }, { registry, caller, approve }) => {
    const result = await registry.write(operation, args ?? [], { caller, approve });
    return result.ok ? ok(jsonOutput(result.value)) : result;
  },
});
