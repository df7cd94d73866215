import { createEffect, For, on, Show } from 'solid-js';
import type { SectionProps } from '../../app/section';
import { BookmarkList } from '../bookmarks/BookmarkList';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { AddHomePage } from './AddHomePage';
import { type HomePage, homeHref } from './homeTargets';
import '../planning.css';
import '../reminders/reminders.css';
import { MoveButtons } from '../shared/MoveButtons';

/**
 * `#/home` opens the default home page; `#/home/pages` (and `#/home` while there is no default)
 * lists the pinned home pages (the default marked) and the bookmarks.
 */
export function HomeSection(props: SectionProps) {
  const failure = createFailure();
  const pages = createLive(
    props.client,
    ['homePages'],
    () => 0,
    () => readOp<{ homePages: HomePage[]; defaultId: string | null }>(props.client, 'homePages.list'),
  );
  // Each arrival at the bare #/home goes to the default once the list is read; making a page the
  // default while looking at the list does not jump away from it.
  let arriving = false;
  const openDefault = () => {
    const list = pages.data();
    if (!arriving || list === undefined) return;
    arriving = false;
    const home = list.homePages.find((p) => p.isDefault);
    const href = home && homeHref(home);
    if (href && !href.startsWith('#/home')) location.replace(href);
  };
  createEffect(
    on(
      () => props.path().join('/'),
      (rest) => {
        arriving = rest === '';
        openDefault();
      },
    ),
  );
  createEffect(on(pages.data, openDefault));
  const act = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp<unknown>(props.client, op, ...args)) !== null;
  const move = (index: number, by: number) => {
    const ids = (pages.data()?.homePages ?? []).map((p) => p.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    void act('homePages.reorder', ids);
  };
  return (
    <div class="planning home-section">
      <FailureBanner error={failure.error() ?? pages.error()} onDismiss={failure.clear} />
      <section aria-labelledby="home-pages-heading">
        <h2 id="home-pages-heading">Home pages</h2>
        <ul class="record-list" aria-label="Home pages">
          <For each={pages.data()?.homePages} fallback={<li class="empty">Pin the places you open most.</li>}>
            {(p, i) => (
              <li>
                <a href={homeHref(p)}>
                  {p.name}
                  <Show when={p.isDefault}>
                    <span class="record-meta"> (default)</span>
                  </Show>
                </a>
                <div class="record-actions">
                  <Show when={!p.isDefault}>
                    <button
                      type="button"
                      aria-label={`Make ${p.name} the default`}
                      onClick={() => act('homePages.update', p.id, { isDefault: true })}
                    >
                      Make default
                    </button>
                  </Show>
                  <MoveButtons
                    name={p.name}
                    first={i() === 0}
                    last={i() === (pages.data()?.homePages.length ?? 0) - 1}
                    onMove={(by) => move(i(), by)}
                  />
                  <button
                    type="button"
                    aria-label={`Remove home page ${p.name}`}
                    onClick={() => act('homePages.delete', p.id)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
        <AddHomePage client={props.client} onAdd={(input) => act('homePages.create', input)} />
      </section>
      <BookmarkList client={props.client} failure={failure} />
    </div>
  );
}
