import { createRegistry } from '../../../src/worker/ops/registry';
import { inboxOperations } from '../../../src/worker/planning/inbox';
import type { NetPort } from '../../../src/worker/planning/inbox/inboxAssistOperations';
import { createTaskStore } from '../../../src/worker/planning/tasks/taskStore';
import type { openTestVault } from '../planning/harness';

type Services = Awaited<ReturnType<typeof openTestVault>>['services'];

/**
 * The inbox operations over a test vault: `net` answers link previews, and the notes port refuses
 * every call with `refusal` (these tests file nothing into notes).
 */
export function inboxRegistry(services: Services, net: NetPort, refusal = 'no') {
  const refuse = async () => ({ ok: false as const, error: { code: 'VALIDATION', message: refusal } });
  return createRegistry(
    inboxOperations(
      services,
      createTaskStore(services, 'UTC'),
      { create: refuse, attach: refuse, append: refuse, remove: async () => {} },
      net,
    ),
  );
}
