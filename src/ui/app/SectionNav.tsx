import BookOpen from 'lucide-solid/icons/book-open';
import Ellipsis from 'lucide-solid/icons/ellipsis';
import Inbox from 'lucide-solid/icons/inbox';
import LayoutDashboard from 'lucide-solid/icons/layout-dashboard';
import NotebookPen from 'lucide-solid/icons/notebook-pen';
import SquareCheck from 'lucide-solid/icons/square-check';
import { createSignal, createUniqueId, For, type JSX, onCleanup, Show } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import { sectionCombo } from '../shortcuts/sectionKeys';
import type { Section } from './section';

type NavSection = Pick<Section, 'id' | 'label' | 'shortcut'>;

/** The sections a person reaches most, in this order; the rest wait under More. */
const PRIMARY = ['notes', 'tasks', 'journal', 'inbox', 'canvas'] as const;
const ICONS: Record<string, (p: { 'aria-hidden': 'true'; size: number }) => JSX.Element> = {
  notes: NotebookPen,
  tasks: SquareCheck,
  journal: BookOpen,
  inbox: Inbox,
  canvas: LayoutDashboard,
};

/**
 * The sections, grouped (issue 19 part 4): Notes, Tasks, Journal, Inbox and Canvas first (those
 * the Sections settings show), then a More menu with the rest and the Graph. On a phone it is the
 * bottom bar: at most five sections plus More, each with its icon. The More button names the
 * section open inside it ("More: Calendar") so the bar always says where you are. The menu closes
 * on Escape (focus back on its button), on a choice, and when the focus leaves it.
 */
export function SectionNav(props: { sections: () => readonly NavSection[]; current: () => string }) {
  const all = (): NavSection[] => [{ id: 'notes', label: 'Notes' }, ...props.sections()];
  const primary = () => PRIMARY.flatMap((id) => all().filter((s) => s.id === id));
  const more = () => [
    ...all().filter((s) => !(PRIMARY as readonly string[]).includes(s.id)),
    { id: 'graph', label: 'Graph' },
    { id: 'trash', label: 'Trash' },
  ];
  const [open, setOpen] = createSignal(false);
  const menuId = `more-sections-${createUniqueId()}`;
  let button!: HTMLButtonElement;
  let menu!: HTMLDivElement;
  let box!: HTMLDivElement;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open()) {
      e.stopPropagation();
      close(true);
    }
  };
  const onFocusOut = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (open() && next && !box.contains(next)) close(false);
  };
  const inMore = () => more().find((s) => s.id === props.current());
  const href = (id: string) => (id === 'notes' ? '#/' : `#/${id}`);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.focus();
  };
  const onDocPointer = (e: PointerEvent) => {
    if (open() && !menu.contains(e.target as Node) && !button.contains(e.target as Node)) close(false);
  };
  document.addEventListener('pointerdown', onDocPointer);
  onCleanup(() => document.removeEventListener('pointerdown', onDocPointer));

  const link = (s: NavSection, icon: boolean) => (
    <a
      href={href(s.id)}
      aria-current={props.current() === s.id ? 'page' : undefined}
      aria-keyshortcuts={sectionCombo(s) ?? undefined}
      title={sectionCombo(s) ? `${s.label} (${sectionCombo(s)})` : undefined}
      onClick={() => close(false)}
    >
      <Show when={icon && ICONS[s.id]}>
        {(Icon) => <Dynamic component={Icon()} aria-hidden="true" size={18} />}
      </Show>
      <span class="section-label">{s.label}</span>
    </a>
  );
  return (
    <nav class="sections" aria-label="Sections">
      <For each={primary()}>{(s) => link(s, true)}</For>
      <div ref={box} class="sections-more">
        <button
          ref={button}
          type="button"
          class="more-button"
          aria-expanded={open()}
          aria-controls={menuId}
          data-current={inMore() ? 'true' : undefined}
          aria-label={inMore() ? `More: ${inMore()?.label}` : 'More'}
          onClick={() => setOpen(!open())}
          onKeyDown={onKey}
          onFocusOut={onFocusOut}
        >
          <Ellipsis aria-hidden="true" size={18} />
          <span class="section-label">
            More
            <Show when={inMore()}>{(s) => <span class="more-current">: {s().label}</span>}</Show>
          </span>
        </button>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of links in a disclosure; a fieldset is for form controls */}
        <div
          ref={menu}
          id={menuId}
          class="more-menu"
          role="group"
          aria-label="More sections"
          hidden={!open()}
          onKeyDown={onKey}
          onFocusOut={onFocusOut}
        >
          <For each={more()}>{(s) => link(s, false)}</For>
        </div>
      </div>
    </nav>
  );
}
