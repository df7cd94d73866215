/**
 * Opens a <dialog> as a modal once it is in the document. A component's onMount can run while
 * its DOM is still detached (inside Suspense), where showModal() would throw; waiting a frame
 * keeps the dialog modal (focus trapped, Escape closes, the page behind inert).
 */
export function showModalWhenConnected(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  if (dialog.isConnected) dialog.showModal();
  else requestAnimationFrame(() => showModalWhenConnected(dialog));
}
