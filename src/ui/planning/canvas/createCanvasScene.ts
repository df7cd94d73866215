import { createSignal, onCleanup } from 'solid-js';
import type { AppError } from '../../../shared/result';
import type { CanvasElement } from '../../../worker/domain/canvas/canvasElement';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp, writeOp } from '../shared/callOp';

interface CanvasReply {
  id: string;
  title: string;
  path: string;
  elements: CanvasElement[];
}

const HISTORY = 200;

/**
 * One canvas's scene in the editor: the elements, undo/redo over committed changes, and saving.
 * `preview` shows a change in progress (a drag) without history or saving; `commit` records it
 * and saves. Saves run one at a time, always sending the latest scene. Another tab's save
 * reloads the scene.
 */
export function createCanvasScene(client: VaultClient, id: string) {
  const [meta, setMeta] = createSignal<{ title: string; path: string } | null>(null);
  const [elements, setElements] = createSignal<CanvasElement[]>([]);
  const [error, setError] = createSignal<AppError | null>(null);
  const [saving, setSaving] = createSignal(false);
  const past: CanvasElement[][] = [];
  const future: CanvasElement[][] = [];
  const [historyVersion, setHistoryVersion] = createSignal(0);
  let dirty = false;
  let running: Promise<void> | null = null;

  async function load() {
    const res = await readOp<CanvasReply>(client, 'canvas.get', id);
    if (!res.ok) return setError(res.error);
    setMeta({ title: res.value.title, path: res.value.path });
    setElements(res.value.elements);
  }
  void load();
  onCleanup(
    client.onChange((b) => {
      if (b.origin === 'tab' && b.changes.some((c) => c.table === 'canvases' && c.ids.includes(id)))
        void load();
    }),
  );

  async function flush() {
    while (dirty) {
      dirty = false;
      setSaving(true);
      const res = await writeOp(client, 'canvas.saveScene', id, elements());
      setError(res.ok ? null : res.error);
    }
    setSaving(false);
    running = null;
  }
  const save = () => {
    dirty = true;
    running ??= flush();
    return running;
  };

  return {
    meta,
    elements,
    error,
    saving,
    preview: setElements,
    /** Records `before` in the history and saves the current (or given) scene. */
    commit(next: CanvasElement[], before: CanvasElement[] = elements()) {
      past.push(before);
      if (past.length > HISTORY) past.shift();
      future.length = 0;
      setElements(next);
      setHistoryVersion((v) => v + 1);
      return save();
    },
    canUndo: () => historyVersion() >= 0 && past.length > 0,
    canRedo: () => historyVersion() >= 0 && future.length > 0,
    undo() {
      const prev = past.pop();
      if (!prev) return;
      future.push(elements());
      setElements(prev);
      setHistoryVersion((v) => v + 1);
      void save();
    },
    redo() {
      const next = future.pop();
      if (!next) return;
      past.push(elements());
      setElements(next);
      setHistoryVersion((v) => v + 1);
      void save();
    },
    /** Resolves once every change so far is saved. */
    settled: () => running ?? Promise.resolve(),
  };
}

export type CanvasScene = ReturnType<typeof createCanvasScene>;
