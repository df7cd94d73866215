/**
 * "Skip to content", the page's first focusable element (WCAG 2.4.1): it moves focus past the app
 * bar to what the view is about: the open note's body, else the view's main region. The address
 * is not followed: the hash is the app's route, and `#content` would navigate away.
 */
export function SkipLink() {
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    const target =
      document.querySelector<HTMLElement>('.editor .cm-content') ??
      document.querySelector<HTMLElement>('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex') && !target.isContentEditable) target.tabIndex = -1;
    target.focus();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to readers (WCAG G1); its click moves focus itself because the hash is the app's route
    <a class="skip-link" href="#content" onClick={skip}>
      Skip to content
    </a>
  );
}
