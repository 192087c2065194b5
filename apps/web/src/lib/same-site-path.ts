/** Whitespace or control characters: browsers drop some of them, which can change the host. */
function hasInvisibleCharacters(text: string): boolean {
  return (
    /\s/.test(text) || [...text].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f')
  );
}

/** A base that can never be a real origin: what resolves against it stays on this site. */
const SAME_SITE_BASE = 'http://same-site.invalid';

/**
 * A site path (`/blog?x=1#y`) when `target` stays on this site, else undefined: the sign-in's
 * return path and the short links' targets. Protocol-relative (`//evil.example`) and backslash
 * tricks (`/\evil.example`) resolve to another host and fail; so does a path whose dot segments
 * normalise to one (`/..//evil.example` is `//evil.example` once resolved), since the normalised
 * path is what the caller sends the browser to.
 */
export function sameSitePath(target: string): string | undefined {
  if (!target.startsWith('/') || hasInvisibleCharacters(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target, SAME_SITE_BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== SAME_SITE_BASE || url.pathname.startsWith('//')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
