import { type EditorView, WidgetType } from '@codemirror/view';
import { type LinkTarget, type PreviewHost, previewHost } from './previewHost';
import { transclusionView } from './transclusionView';

/**
 * An embed drawn in the note: `![[file]]`, `![[Note]]`, `![[Note#Heading]]` or `![alt](path)`.
 * The target is resolved and read by the vault worker when the widget is drawn (only embeds on
 * screen are): an image, an audio or video player, a PDF in the app's PDF viewer (first page,
 * scrollable, its own page controls), or the note's section as rendered text. A target that does
 * not exist says so. External images (`![](https://…)`) load from their address.
 */
export class EmbedWidget extends WidgetType {
  constructor(
    readonly target: string,
    readonly alt: string,
    /** a markdown image's address (`![](…)`); wiki embeds resolve `target` instead */
    readonly url: string | null,
  ) {
    super();
  }
  override eq(other: EmbedWidget) {
    return other.target === this.target && other.url === this.url && other.alt === this.alt;
  }
  override get estimatedHeight() {
    return 120;
  }
  toDOM(view: EditorView) {
    const box = document.createElement('div');
    box.className = 'cm-lp-embed';
    box.dataset.lpEmbed = this.target;
    const status = document.createElement('p');
    status.className = 'cm-lp-embed-status';
    status.textContent = `Loading “${this.target}”…`;
    box.append(status);
    const host = view.state.facet(previewHost);
    const cleanups: (() => void)[] = [];
    (box as EmbedBox).cleanup = () => {
      for (const c of cleanups) c();
    };
    if (this.url !== null) {
      status.remove();
      box.append(image(this.url, this.alt));
    } else if (host) void this.fill(box, status, host, view, cleanups);
    else status.textContent = `“${this.target}”`;
    return box;
  }
  private async fill(
    box: HTMLElement,
    status: HTMLElement,
    host: PreviewHost,
    view: EditorView,
    cleanups: (() => void)[],
  ) {
    const hit = await host.resolve(this.target);
    if (!hit) {
      status.textContent = `“${this.target}” is not in the vault yet.`;
      status.classList.add('cm-lp-unresolved');
      return;
    }
    status.remove();
    if (hit.fileType === 'markdown') await note(box, hit, host, this.target, cleanups);
    else await file(box, hit, host, this.alt, cleanups);
    view.requestMeasure();
  }
  override destroy(dom: HTMLElement) {
    (dom as EmbedBox).cleanup?.();
  }
  override ignoreEvent() {
    return true;
  }
}

type EmbedBox = HTMLElement & { cleanup?: () => void };

function image(src: string, alt: string) {
  const img = document.createElement('img');
  img.src = src;
  img.alt = alt;
  img.className = 'cm-lp-image';
  return img;
}

async function file(
  box: HTMLElement,
  hit: LinkTarget,
  host: PreviewHost,
  alt: string,
  cleanups: (() => void)[],
) {
  const blob = await host.fileBlob(hit.id);
  if (!blob) {
    const p = document.createElement('p');
    p.className = 'cm-lp-embed-status';
    p.textContent = `The contents of “${hit.title}” are missing.`;
    box.append(p);
    return;
  }
  if (hit.fileType === 'pdf') {
    const mount = document.createElement('div');
    mount.className = 'cm-lp-pdf';
    box.append(mount);
    cleanups.push(host.mountPdf(blob, hit.title, mount));
    return;
  }
  const url = URL.createObjectURL(blob);
  cleanups.push(() => URL.revokeObjectURL(url));
  if (hit.fileType === 'image') box.append(image(url, alt || hit.title));
  else if (hit.fileType === 'audio' || hit.fileType === 'video') {
    const player = document.createElement(hit.fileType);
    player.controls = true;
    player.src = url;
    player.setAttribute('aria-label', hit.title);
    player.className = `cm-lp-${hit.fileType}`;
    box.append(player);
  } else {
    const p = document.createElement('p');
    p.className = 'cm-lp-embed-status';
    p.textContent = `“${hit.title}” cannot be shown here.`;
    box.append(p);
  }
}

async function note(
  box: HTMLElement,
  hit: LinkTarget,
  host: PreviewHost,
  target: string,
  cleanups: (() => void)[],
) {
  const markdown = (await host.preview(target)) ?? '';
  box.classList.add('cm-lp-transclusion');
  const head = document.createElement('button');
  head.type = 'button';
  head.className = 'cm-lp-transclusion-title cm-lp-link';
  head.textContent =
    hit.title +
    target.slice(target.indexOf('#') === -1 ? target.length : target.indexOf('#')).replace(/#/g, ' › ');
  head.addEventListener('click', () => host.follow(target));
  box.append(head);
  const inner = transclusionView(markdown, box);
  cleanups.push(() => inner.destroy());
}
