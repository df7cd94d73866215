/**
 * Focuses the element `selector` names as soon as it is in the page: a shortcut that opens a
 * section (loaded on first use) and then a field in it. Gives up after `timeoutMs`.
 */
export function focusWhenShown(selector: string, timeoutMs = 3000): void {
  const until = performance.now() + timeoutMs;
  const attempt = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el) el.focus();
    else if (performance.now() < until) requestAnimationFrame(attempt);
  };
  attempt();
}
