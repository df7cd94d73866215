import { createEffect } from 'solid-js';
import type { Settings } from './createSettings';

export const THEME_MIRROR_KEY = 'cairn.theme';

const LINE_WIDTH = { narrow: '40rem', wide: '60rem', full: 'none' } as const;

/**
 * Applies the device's appearance settings to the page as they load and change: the theme on
 * <html data-theme> (mirrored to localStorage so index.html can set it before the first paint),
 * the editor's font size and line width as CSS variables (styles.css reads them).
 */
export function applyAppearance(settings: Settings, root: HTMLElement = document.documentElement) {
  // Nothing is applied before the group loads: the theme index.html set before paint stays.
  createEffect(() => {
    if (!settings.isLoaded('general')) return;
    const { theme } = settings.value('general');
    if (theme === 'system') {
      delete root.dataset.theme;
      localStorage.removeItem(THEME_MIRROR_KEY);
    } else {
      root.dataset.theme = theme;
      localStorage.setItem(THEME_MIRROR_KEY, theme);
    }
  });
  createEffect(() => {
    if (!settings.isLoaded('editor')) return;
    const { fontSize, lineWidth } = settings.value('editor');
    root.style.setProperty('--editor-font-size', `${fontSize}px`);
    root.style.setProperty('--editor-line-width', LINE_WIDTH[lineWidth]);
  });
}
