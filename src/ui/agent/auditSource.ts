import { createSignal } from 'solid-js';
import type { AuditEntry } from '../../worker/agent/auditLog';

/**
 * Where the settings view reads the audit log from: the agent session of this tab's vault, set
 * by AgentSurfaces while it is mounted. A module signal because settings is mounted apart from
 * the agent surfaces; null while no vault is connected.
 */
const [source, setSource] = createSignal<((limit: number) => Promise<AuditEntry[]>) | null>(null);

export const auditSource = source;
export const setAuditSource = setSource;
