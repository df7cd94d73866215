import { describe, expect, it } from 'vitest';
import { TOOL_SPECS } from '../../../src/worker/tools/catalog';
import { schemaSubsetBreaches } from '../../../src/worker/tools/schemaSubset';

describe('tool schemas stay within the WebMCP subset', () => {
  it('every vault_* tool: no format/$ref/$defs, closed objects', () => {
    const breaches = TOOL_SPECS.flatMap((t) => schemaSubsetBreaches(t.inputSchema, t.name));
    expect(breaches).toEqual([]);
  });

  it('every tool name is unique and its top-level arguments object is closed', () => {
    expect(new Set(TOOL_SPECS.map((t) => t.name)).size).toBe(TOOL_SPECS.length);
    for (const t of TOOL_SPECS)
      expect(t.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('write tools of spec 4.2 require approval; read tools do not', () => {
    const approval = Object.fromEntries(TOOL_SPECS.map((t) => [t.name, t.requiresApproval]));
    for (const name of [
      'vault_create_note',
      'vault_rename_note',
      'vault_delete_note',
      'vault_create_folder',
    ]) {
      expect(approval[name]).toBe(true);
    }
    for (const t of TOOL_SPECS.filter((s) => s.annotations.readOnlyHint))
      expect(t.requiresApproval).toBe(false);
  });

  it('reports each breach with its place', () => {
    expect(
      schemaSubsetBreaches({
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time' },
          d: { $ref: '#/$defs/x' },
          day: { type: 'string', pattern: '^x$' },
          items: { type: 'array', items: { type: 'object', properties: {} } },
        },
        $defs: {},
      }),
    ).toEqual([
      '#: $defs is outside the WebMCP subset',
      '#: an object with properties must set additionalProperties: false',
      '#/properties/at: format is outside the WebMCP subset',
      '#/properties/d: $ref is outside the WebMCP subset',
      '#/properties/items/items: an object with properties must set additionalProperties: false',
    ]);
  });
});
