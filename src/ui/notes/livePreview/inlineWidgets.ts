import { EditorView, WidgetType } from '@codemirror/view';

/**
 * A task's `[ ]` / `[x]` drawn as a checkbox. Toggling it writes the other marker into the text
 * as an ordinary edit (so it goes through Yjs and undo like typing), never a second model.
 */
export class CheckboxWidget extends WidgetType {
  constructor(readonly checked: boolean) {
    super();
  }
  // No position here: a click finds the marker from the box's place in the document
  // (posAtDOM), so a key typed above a task keeps its box instead of drawing a new one.
  override eq(other: CheckboxWidget) {
    return other.checked === this.checked;
  }
  toDOM(view: EditorView) {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'cm-lp-task';
    box.checked = this.checked;
    box.setAttribute('aria-label', this.checked ? 'Done: mark as not done' : 'Not done: mark as done');
    box.addEventListener('mousedown', (e) => e.preventDefault());
    box.addEventListener('click', (e) => {
      e.preventDefault();
      // Reading view shows checkboxes without toggling them.
      if (!view.state.facet(EditorView.editable)) return;
      const pos = view.posAtDOM(box);
      const marker = view.state.doc.sliceString(pos, pos + 3);
      if (!/^\[[ xX]\]$/.test(marker)) return;
      view.dispatch({
        changes: { from: pos + 1, to: pos + 2, insert: marker[1] === ' ' ? 'x' : ' ' },
        userEvent: 'input.toggle-task',
      });
    });
    return box;
  }
  override ignoreEvent() {
    return true;
  }
}

/** A list's `-`, `*` or `+` drawn as a bullet. */
export class BulletWidget extends WidgetType {
  override eq() {
    return true;
  }
  toDOM() {
    const s = document.createElement('span');
    s.className = 'cm-lp-bullet';
    s.setAttribute('aria-hidden', 'true');
    s.textContent = '•';
    return s;
  }
}

/** `---` drawn as a rule. */
export class RuleWidget extends WidgetType {
  override eq() {
    return true;
  }
  toDOM() {
    const s = document.createElement('span');
    s.className = 'cm-lp-hr';
    s.setAttribute('role', 'separator');
    return s;
  }
}

/** A callout's `[!type]` drawn as its label (`[!note]` → "Note"). */
export class CalloutLabelWidget extends WidgetType {
  constructor(readonly kind: string) {
    super();
  }
  override eq(other: CalloutLabelWidget) {
    return other.kind === this.kind;
  }
  toDOM() {
    const s = document.createElement('span');
    s.className = 'cm-lp-callout-label';
    s.textContent = this.kind.charAt(0).toUpperCase() + this.kind.slice(1).toLowerCase();
    return s;
  }
}
