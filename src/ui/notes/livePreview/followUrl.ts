/**
 * A markdown link's destination: an absolute URL (a scheme such as `https:` or `mailto:`) opens in
 * a new tab, out of the app; anything else is a vault path, followed inside the app (decoded, as
 * `notes.md` says markdown links are: `%20` and `<a b.md>`). Pure.
 */
export function linkDestination(raw: string): { external: string } | { local: string } {
  const url = raw.trim().replace(/^<(.*)>$/, '$1');
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return { external: url };
  let local = url;
  try {
    local = decodeURIComponent(url);
  } catch {
    // a stray % stays as written
  }
  return { local };
}
