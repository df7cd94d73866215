import { ok } from '../../ops/result';
import { desktopRead } from '../catalog/genericTools';
import { defineTool, jsonOutput } from '../defineTool';
import { limitReply } from '../reply/limitReply';
import { omitFileContent } from '../reply/omitFileContent';

/**
 * Spec 4.3 `vault_desktop_read`: an allowlisted read operation. The reply is shaped for an agent:
 * filed files as metadata, then the 100 KB limit (applied last, on what the agent would receive).
 */
export const readTool = defineTool({
  spec: desktopRead,
  operations: [],
  available: (registry) => registry.list().some((op) => op.kind === 'read'),
  handler: async ({ operation, args }, { registry, caller }) => {
    const result = await registry.read(operation, args ?? [], { caller });
    return result.ok ? ok(jsonOutput(limitReply(omitFileContent(result.value)))) : result;
  },
});
