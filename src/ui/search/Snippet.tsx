import { For } from 'solid-js';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);

/**
 * A search snippet (markdown text, source `&<>` escaped, matched terms in `<mark>`) rendered as
 * text and <mark> elements only: nothing in a note can inject markup into the results.
 */
export function Snippet(props: { html: string }) {
  const parts = () => {
    const out: { text: string; marked: boolean }[] = [];
    let marked = false;
    for (const piece of props.html.split(/(<mark>|<\/mark>)/)) {
      if (piece === '<mark>') marked = true;
      else if (piece === '</mark>') marked = false;
      else if (piece) out.push({ text: decodeEntities(piece), marked });
    }
    return out;
  };
  return (
    <span class="snippet">
      <For each={parts()}>{(p) => (p.marked ? <mark>{p.text}</mark> : p.text)}</For>
    </span>
  );
}
