import type { EntityTable } from 'dexie';

/**
 * One decision on an agent's request, as shown in settings. Never synced (each device keeps its
 * own log) and append-only: rows are added, never changed.
 */
export interface AgentAuditRow {
  /** auto-increment: the order decisions were taken in */
  seq?: number;
  /** epoch ms of the decision */
  at: number;
  /** what the user answered: 'once' | 'tab' | 'deny' (time-outs, Escape and navigation are 'deny') */
  decision: string;
  tool: string;
  summary: string;
  /** e.g. "mcp (Claude Code)", "webmcp", "page" */
  caller: string;
  /** the exact arguments, as JSON (kept as text so a row never holds a live object graph) */
  argumentsJson: string;
}

export interface AgentTables {
  agentAudit: EntityTable<AgentAuditRow, 'seq'>;
}

/** Applied as schema version 5 (schema.ts). `at` orders the settings view newest first. */
export const AGENT_TABLES: Record<string, string> = {
  agentAudit: '++seq, at',
};
