import { describe, expect, it } from 'vitest';
import { comboOf, displayCombo, firesWhileTyping, type KeyPress } from '../../../src/ui/shortcuts/keyCombo';
import { KEY_COMBO_PATTERN, keyboardSettings } from '../../../src/worker/settings/groups/keyboardSettings';

const press = (p: Partial<KeyPress>): KeyPress => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...p,
});

describe('key combinations', () => {
  it('reads letters and digits from the physical key, so Option on a Mac still makes Alt+N', () => {
    expect(comboOf(press({ key: '˜', code: 'KeyN', altKey: true }), true)).toBe('Alt+N');
    expect(comboOf(press({ key: 'n', code: 'KeyN', altKey: true }), false)).toBe('Alt+N');
    expect(comboOf(press({ key: '2', code: 'Digit2', altKey: true, shiftKey: true }), false)).toBe(
      'Alt+Shift+2',
    );
  });

  it('maps Mod to Ctrl off a Mac and to Cmd on one, and ignores the other platform’s key', () => {
    expect(comboOf(press({ key: 'k', code: 'KeyK', ctrlKey: true }), false)).toBe('Mod+K');
    expect(comboOf(press({ key: 'k', code: 'KeyK', metaKey: true }), true)).toBe('Mod+K');
    expect(comboOf(press({ key: 'k', code: 'KeyK', ctrlKey: true }), true)).toBeNull();
    expect(comboOf(press({ key: 'k', code: 'KeyK', metaKey: true }), false)).toBeNull();
  });

  it('reads punctuation from the character typed, Shift included in it', () => {
    expect(comboOf(press({ key: '?', code: 'Slash', shiftKey: true }), false)).toBe('?');
    expect(comboOf(press({ key: ',', code: 'Comma', ctrlKey: true }), false)).toBe('Mod+,');
    expect(comboOf(press({ key: '\\', code: 'Backslash', ctrlKey: true }), false)).toBe('Mod+\\');
    expect(comboOf(press({ key: 'Enter', code: 'Enter' }), false)).toBeNull();
  });

  it('every default binding is valid, distinct, and made by some key press', () => {
    const defaults = Object.values(keyboardSettings.defaults) as string[];
    expect(new Set(defaults).size).toBe(defaults.length);
    const re = new RegExp(KEY_COMBO_PATTERN, 'u');
    for (const combo of defaults) {
      expect(re.test(combo), combo).toBe(true);
      const parts = combo.split('+');
      const main = combo.endsWith('+') ? '+' : (parts.at(-1) ?? '');
      const code = /^[A-Z]$/.test(main) ? `Key${main}` : /^[0-9]$/.test(main) ? `Digit${main}` : '';
      const p = press({
        key: main,
        code,
        ctrlKey: combo.startsWith('Mod+'),
        altKey: combo.includes('Alt+'),
        shiftKey: combo.includes('Shift+') || main === '?',
      });
      expect(comboOf(p, false)).toBe(combo);
    }
  });

  it('only a Mod or Alt combination fires while typing; display names the platform’s keys', () => {
    expect(firesWhileTyping('?')).toBe(false);
    expect(firesWhileTyping('Shift+A')).toBe(false);
    expect(firesWhileTyping('Alt+N')).toBe(true);
    expect(firesWhileTyping('Mod+K')).toBe(true);
    expect(displayCombo('Mod+K', false)).toBe('Ctrl+K');
    expect(displayCombo('Mod+Shift+K', true)).toBe('⌘⇧K');
    expect(displayCombo('', false)).toBe('Off');
  });
});
