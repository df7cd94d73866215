import { createEffect, on } from 'solid-js';

interface Drawer {
  open: () => boolean;
  close: () => void;
  /** the drawer element (present while the app is shown) */
  panel: () => HTMLElement | undefined;
  /** the button that opens it, where focus returns when Escape closes it */
  opener: () => HTMLElement | undefined;
  /** true where the panel is a drawer over the page (a phone), not a column beside it */
  isDrawer: () => boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
}

/**
 * The phone's folder drawer covers the page, so it behaves like a dialog: opening it moves focus
 * to its first control, Tab and Shift+Tab cycle inside it (what is under it cannot be seen), and
 * Escape closes it with focus back on the Folders button. On a wide screen it is a column of the
 * page and none of this applies.
 */
export function createDrawerFocus(d: Drawer): (e: KeyboardEvent) => void {
  createEffect(
    on(
      d.open,
      (open) => {
        const panel = d.panel();
        if (!open || !panel || !d.isDrawer()) return;
        // The panel is display:none until the open attribute lands: focus after this paint.
        requestAnimationFrame(() => focusables(panel)[0]?.focus());
      },
      { defer: true },
    ),
  );
  return (e) => {
    const panel = d.panel();
    // a control inside that used the key itself (a rename field's Escape) keeps it
    if (e.defaultPrevented || !d.open() || !panel || !d.isDrawer()) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      d.close();
      d.opener()?.focus();
      return;
    }
    if (e.key !== 'Tab') return;
    const all = focusables(panel);
    const first = all[0];
    const last = all[all.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
}
