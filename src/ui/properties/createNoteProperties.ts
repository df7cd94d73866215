import { createResource, createSignal, onCleanup } from 'solid-js';
import type { PropertyDefinition } from '../../worker/ops/properties/propertyRules';
import type { VaultClient } from '../vault/createVaultClient';
import { reconciledStorage } from '../vault/reconciledStorage';

export interface NoteProperties {
  properties: Record<string, unknown>;
  types: Record<string, string>;
  error?: string;
}

/**
 * The open note's frontmatter properties and every property definition, re-read when the note
 * or the definitions change; writes go through properties.set and the definition operations.
 */
export function createNoteProperties(client: VaultClient, noteId: () => string) {
  const [version, setVersion] = createSignal(0);
  const [error, setError] = createSignal<string | null>(null);
  const [props] = createResource(
    () => [noteId(), version()] as const,
    async ([id]) => {
      const res = await client.api.read('properties.get', [id]);
      return res.ok ? (res.value as NoteProperties) : null;
    },
  );
  const [defs] = createResource(
    version,
    async () => {
      const res = await client.api.read('notes.getPropertyDefinitions', []);
      return res.ok ? (res.value as PropertyDefinition[]) : [];
    },
    // Reconciled by name: every write to the open note reads the definitions again, and new
    // objects rebuilt each definition's section, wiping a new option being typed in it.
    { initialValue: [], storage: reconciledStorage<PropertyDefinition>('nameKey') },
  );
  onCleanup(
    client.onChange((b) => {
      if (
        b.changes.some(
          (c) => c.table === 'propertyDefinitions' || (c.table === 'notes' && c.ids.includes(noteId())),
        )
      )
        setVersion((v) => v + 1);
    }),
  );

  /** Runs a write operation; its refusal becomes the panel's message. */
  async function run(operation: string, args: unknown[]): Promise<boolean> {
    const res = await client.api.write(operation, args);
    setError(res.ok ? null : res.error.message);
    if (res.ok) setVersion((v) => v + 1);
    return res.ok;
  }

  return {
    values: () => props.latest ?? null,
    defs: () => defs.latest,
    error,
    setError,
    set: (key: string, value: unknown) => run('properties.set', [noteId(), key, value]),
    run,
  };
}

export type NotePropertiesStore = ReturnType<typeof createNoteProperties>;
