import { createSignal } from 'solid-js';

export type Theme = 'system' | 'light' | 'dark';
const KEY = 'cairn.theme';

/** Light, dark or the system's choice; applied to <html data-theme> (index.html applies it before paint). */
export function createTheme() {
  const saved = (localStorage.getItem(KEY) as Theme | null) ?? 'system';
  const [theme, setThemeSignal] = createSignal<Theme>(saved);
  return {
    theme,
    setTheme(t: Theme) {
      setThemeSignal(t);
      if (t === 'system') {
        localStorage.removeItem(KEY);
        delete document.documentElement.dataset.theme;
      } else {
        localStorage.setItem(KEY, t);
        document.documentElement.dataset.theme = t;
      }
    },
  };
}
