import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { type Extension, StateEffect, StateField } from '@codemirror/state';
import { EditorView, hoverTooltip, showTooltip, type Tooltip } from '@codemirror/view';
import { linkDestination } from './followUrl';
import { linkQuery } from './linkQuery';
import { candidateText } from './linkTargets';
import { LongPress } from './longPress';
import { previewHost } from './previewHost';
import { wikiLinkParts } from './wikiLinkParts';

/** Characters of a target shown in a hover preview (the worker already cuts at 2,000). */
const PREVIEW_CHARS = 700;

/**
 * Links as you type: after `[[`, note titles from the vault worker's title search and notes'
 * frontmatter aliases (fuzzy, best first; no note body is read; an alias completes as
 * `[[Title|alias]]`); after `[[Title#`, that note's headings; after `[[Title|`, its
 * aliases. Choosing a title closes the link (`]]`) unless it is already closed. Enter or Tab
 * takes the highlighted entry, Escape closes the list.
 */
async function complete(ctx: CompletionContext): Promise<CompletionResult | null> {
  const host = ctx.state.facet(previewHost);
  if (!host) return null;
  const line = ctx.state.doc.lineAt(ctx.pos);
  const q = linkQuery(line.text.slice(0, ctx.pos - line.from));
  if (!q) return null;
  const from = line.from + q.from;
  const closed = line.text.slice(ctx.pos - line.from).startsWith(']]');
  const close = closed ? '' : ']]';
  if (q.kind === 'title') {
    const hits = await host.titles(q.query);
    if (ctx.aborted) return null;
    // A note found by an alias shows that alias (what was typed) and, beside it, the note it names.
    const options: Completion[] = hits.map((h) => ({
      label: h.alias ?? h.title,
      detail: h.alias === undefined ? h.folder : `alias of ${h.title}`,
      type: h.alias === undefined ? 'text' : 'variable',
      apply: `${candidateText(h)}${close}`,
    }));
    return { from, options, filter: false };
  }
  const outline = await host.outline(q.title);
  if (ctx.aborted || !outline) return null;
  const list = q.kind === 'heading' ? outline.headings : outline.aliases;
  return {
    from,
    options: list.map((label) => ({
      label,
      type: q.kind === 'heading' ? 'keyword' : 'variable',
      apply: `${label}${close}`,
    })),
    validFor: /^[^[\]|#\n]*$/,
  };
}

function hoverAt(view: EditorView, pos: number): Tooltip | null {
  const host = view.state.facet(previewHost);
  if (!host) return null;
  const line = view.state.doc.lineAt(pos);
  const col = pos - line.from;
  let target: string | null = null;
  let from = pos;
  let to = pos;
  for (const p of wikiLinkParts(line.text)) {
    if (col >= p.from && col <= p.to) {
      target = p.target;
      from = line.from + p.from;
      to = line.from + p.to;
    }
  }
  if (target === null) {
    const el = view.domAtPos(pos).node.parentElement?.closest<HTMLElement>('[data-lp-href]');
    const dest = el ? linkDestination(el.dataset.lpHref ?? '') : null;
    if (!dest || !('local' in dest)) return null;
    target = dest.local;
  }
  const t = target;
  return {
    pos: from,
    end: to,
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'cm-lp-hover';
      dom.setAttribute('role', 'tooltip');
      const head = document.createElement('strong');
      head.textContent = t;
      const body = document.createElement('div');
      body.className = 'cm-lp-hover-body';
      body.textContent = 'Loading…';
      dom.append(head, body);
      void host.preview(t).then((text) => {
        if (text === null) body.textContent = 'This note does not exist yet: following the link creates it.';
        else
          body.textContent =
            text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text || '(empty)';
      });
      return { dom };
    },
  };
}

const pressed = StateEffect.define<Tooltip | null>();
/** The preview a long press on a link shows, until the next touch or edit. */
const pressedTip = StateField.define<Tooltip | null>({
  create: () => null,
  update(tip, tr) {
    for (const e of tr.effects) if (e.is(pressed)) return e.value;
    return tr.docChanged ? null : tip;
  },
  provide: (f) => showTooltip.from(f),
});

/**
 * Touch has no hover: a long press on a link shows the same preview, and that press neither
 * follows the link (its click is kept back) nor opens the context menu.
 */
function linkLongPress(): Extension {
  let press: LongPress | null = null;
  return [
    pressedTip,
    EditorView.domEventHandlers({
      touchstart(e, view) {
        if (view.state.field(pressedTip)) view.dispatch({ effects: pressed.of(null) });
        const touch = e.touches[0];
        const el = (e.target as HTMLElement).closest?.<HTMLElement>('[data-lp-wiki],[data-lp-href]');
        press?.cancel();
        press = null;
        if (!touch || e.touches.length > 1 || !el) return false;
        press = new LongPress(() => {
          const tip = hoverAt(view, view.posAtDOM(el, 0) + 1);
          if (tip) view.dispatch({ effects: pressed.of(tip) });
        });
        press.start(touch.clientX, touch.clientY);
        return false;
      },
      touchmove(e) {
        const touch = e.touches[0];
        if (touch) press?.move(touch.clientX, touch.clientY);
        return false;
      },
      touchend(e) {
        if (!press?.end()) return false;
        e.preventDefault();
        return true;
      },
      touchcancel() {
        press?.cancel();
        return false;
      },
      contextmenu(e) {
        if (!press?.long) return false;
        e.preventDefault();
        return true;
      },
    }),
  ];
}

export function linkAssist(): Extension {
  return [
    autocompletion({ override: [complete], activateOnTyping: true, icons: false, interactionDelay: 0 }),
    hoverTooltip(hoverAt, { hideOnChange: true }),
    linkLongPress(),
  ];
}
