import type { Section } from '../app/section';

type Keyed = Pick<Section, 'id' | 'label' | 'shortcut'>;

/** The combination of a section's shortcut, as the keyboard settings write one: 'c' → 'Alt+C'. */
export const sectionCombo = (s: Pick<Section, 'shortcut'>): string | null =>
  s.shortcut ? `Alt+${s.shortcut.toUpperCase()}` : null;

/**
 * The section a combination opens, among the sections shown. A combination one of the keyboard
 * settings binds (`bound`) is that setting's, never a section's: Alt+T stays "create a task"
 * unless the user moves it.
 */
export function sectionFor<S extends Keyed>(
  combo: string,
  sections: readonly S[],
  bound: Record<string, string>,
): S | null {
  if (Object.values(bound).includes(combo)) return null;
  return sections.find((s) => sectionCombo(s) === combo) ?? null;
}

/** The help's rows for the section shortcuts still free (not taken by a keyboard setting). */
export function sectionRows(sections: readonly Keyed[], bound: Record<string, string>) {
  return sections.flatMap((s) => {
    const combo = sectionCombo(s);
    return combo !== null && sectionFor(combo, [s], bound) !== null
      ? [{ label: `Go to ${s.label}`, combo }]
      : [];
  });
}
