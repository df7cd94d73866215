import { type EditorState, StateEffect, StateField } from '@codemirror/state';
import { type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { previewHost } from './previewHost';
import { wikiLinkParts } from './wikiLinkParts';

/** Resolved (true) or not (false) per lower-cased wiki link title; absent while unknown. */
type Status = ReadonlyMap<string, boolean>;

const learned = StateEffect.define<Status>();
/** Forget every answer (notes were created, renamed or deleted): visible links are asked again. */
export const forgetLinkStatus = StateEffect.define<null>();

const field = StateField.define<Status>({
  create: () => new Map(),
  update(value, tr) {
    let next = value;
    for (const e of tr.effects) {
      if (e.is(forgetLinkStatus)) next = new Map();
      if (e.is(learned)) next = new Map([...next, ...e.value]);
    }
    return next;
  },
});

export function linkStatusOf(state: EditorState): Status {
  return state.field(field, false) ?? new Map();
}

/**
 * Which visible wiki links point at nothing yet, so they are drawn as unresolved: each title on
 * screen is resolved once by the vault worker (`notes.resolveWikiTarget`), answers kept in the
 * state until `forgetLinkStatus`. Titles off screen are never asked.
 */
const asker = ViewPlugin.fromClass(
  class {
    asked = new Set<string>();
    dead = false;
    constructor(readonly view: EditorView) {
      this.ask();
    }
    update(u: ViewUpdate) {
      if (u.transactions.some((t) => t.effects.some((e) => e.is(forgetLinkStatus)))) this.asked.clear();
      if (u.docChanged || u.viewportChanged || linkStatusOf(u.startState) !== linkStatusOf(u.state))
        queueMicrotask(() => this.ask());
    }
    destroy() {
      this.dead = true;
    }
    ask() {
      if (this.dead) return;
      const host = this.view.state.facet(previewHost);
      if (!host) return;
      const known = linkStatusOf(this.view.state);
      const titles = new Set<string>();
      for (const { from, to } of this.view.visibleRanges) {
        for (let pos = from; pos <= to; ) {
          const line = this.view.state.doc.lineAt(pos);
          pos = line.to + 1;
          if (!line.text.includes('[[')) continue;
          for (const p of wikiLinkParts(line.text)) {
            const key = p.title.trim().toLowerCase();
            if (key !== '' && !known.has(key) && !this.asked.has(key)) titles.add(p.title.trim());
          }
        }
      }
      for (const title of titles) {
        this.asked.add(title.toLowerCase());
        void host.resolve(title).then((hit) => {
          if (this.dead) return;
          this.view.dispatch({ effects: learned.of(new Map([[title.toLowerCase(), hit !== null]])) });
        });
      }
    }
  },
);

export const linkStatus = [field, asker];
