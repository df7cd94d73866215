/** The parts of a KeyboardEvent a combination is read from (platform-free, for tests). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const PUNCTUATION = /^[?/\\,.;'=[\]`-]$/;

/**
 * The combination a key press makes, written as the keyboard settings write it
 * (`Mod+Alt+Shift+K`), or null for a press no binding can name. Letters and digits are read from
 * the physical key (`code`), so Alt+N is Alt+N on a Mac too, where Option changes the character.
 * A punctuation key is read from the character it types, Shift included in it (`?`).
 */
export function comboOf(e: KeyPress, isMac: boolean): string | null {
  // The modifier that is not Mod on this platform (Ctrl on a Mac, the Windows key elsewhere).
  if (isMac ? e.ctrlKey : e.metaKey) return null;
  const mod = isMac ? e.metaKey : e.ctrlKey;
  let main: string;
  let shiftCounts = true;
  if (/^Key[A-Z]$/.test(e.code)) main = e.code.slice(3);
  else if (/^Digit[0-9]$/.test(e.code)) main = e.code.slice(5);
  else if (/^F([1-9]|1[0-2])$/.test(e.key)) main = e.key;
  else if (PUNCTUATION.test(e.key)) {
    main = e.key;
    shiftCounts = false;
  } else if (e.code === 'Backslash') main = '\\';
  else return null;
  return `${mod ? 'Mod+' : ''}${e.altKey ? 'Alt+' : ''}${e.shiftKey && shiftCounts ? 'Shift+' : ''}${main}`;
}

/** Whether a combination may fire while the user types: only with Mod or Alt held. */
export const firesWhileTyping = (combo: string) => combo.startsWith('Mod+') || combo.includes('Alt+');

/** A combination as shown to the user on this platform: `Ctrl+K`, or `⌘K` on a Mac. */
export function displayCombo(combo: string, isMac: boolean): string {
  if (combo === '') return 'Off';
  if (!isMac) return combo.replace(/^Mod\+/, 'Ctrl+');
  return combo.replace('Mod+', '⌘').replace('Alt+', '⌥').replace('Shift+', '⇧');
}
