import { For, Show } from 'solid-js';
import type { SectionProps } from '../../app/section';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { QuickAdd } from '../tasks/QuickAdd';
import { CanvasEditor } from './CanvasEditor';
import '../planning.css';
import './canvas.css';

interface CanvasEntry {
  id: string;
  title: string;
  path: string;
  element_count: number;
}

/** `#/canvas`: the canvases and a form to create one (`Folder/Title` puts it in a folder); `#/canvas/<id>` edits one. */
export function CanvasSection(props: SectionProps) {
  const failure = createFailure();
  const list = createLive(
    props.client,
    ['canvases'],
    () => 0,
    () => readOp<{ canvases: CanvasEntry[] }>(props.client, 'canvas.list'),
  );
  async function create(name: string) {
    const cut = name.lastIndexOf('/');
    const input = cut < 0 ? { title: name } : { folder: name.slice(0, cut), title: name.slice(cut + 1) };
    const made = failure.take(await writeOp<CanvasEntry>(props.client, 'canvas.create', input));
    if (made) props.go(made.id);
    return made !== null;
  }
  // a delete moves the canvas to the Trash with Undo (docs/trash.md): no question asked
  async function remove(id: string) {
    const entry = list.data()?.canvases.find((c) => c.id === id);
    if (failure.take(await writeOp(props.client, 'canvas.delete', id)) === null) return;
    props.go();
    props.trash?.show({
      what: entry ? `“${entry.path}”` : 'the canvas',
      undo: async () => {
        if (failure.take(await writeOp(props.client, 'trash.restore', 'canvas', id)) !== null) props.go(id);
      },
    });
  }
  return (
    <div class="planning canvas-section">
      <Show
        when={props.path()[0]}
        keyed
        fallback={
          <section aria-labelledby="canvases-title">
            <h2 id="canvases-title">Canvases</h2>
            <QuickAdd label="New canvas name (Folder/Title)" onAdd={create} />
            <FailureBanner error={failure.error()} onDismiss={failure.clear} />
            <ul class="project-list">
              <For each={list.data()?.canvases} fallback={<li class="empty">No canvas yet.</li>}>
                {(c) => (
                  <li>
                    <a href={`#/canvas/${encodeURIComponent(c.id)}`}>
                      <span>{c.path}</span>
                      <span class="count">{c.element_count} elements</span>
                    </a>
                  </li>
                )}
              </For>
            </ul>
          </section>
        }
      >
        {(id) => (
          <>
            <FailureBanner error={failure.error()} onDismiss={failure.clear} />
            <CanvasEditor
              client={props.client}
              id={id}
              onBack={() => props.go()}
              onDelete={() => void remove(id)}
            />
          </>
        )}
      </Show>
    </div>
  );
}
