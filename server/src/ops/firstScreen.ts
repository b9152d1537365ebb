// What the app's first screen needs, preloaded by a Link header on the page itself, so it leaves with the
// page instead of after the app's code has been downloaded and run (1.5-2.5 s on a mid-tier phone): the screen's
// first API reads, and the files its code is in beside the entry (`screen-chunks.json`, written by the web build).
// Only for a signed-in session (a preload nobody reads is a console warning, and the to-dos' path names the
// session's employee): the answers still come from the API's own routes, checked there as always. The path is read
// as a hint only, never to guard anything.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SessionUser } from '../auth/sessions.js';

/** The first screens worth preloading: Home and a shop's page. */
type Screen = 'home' | 'shop';
/**
 * Per screen, the paths of the files its code is in (scripts and style sheets), as the web build lists them, and
 * under `shell` the page's own script and styles.
 */
export type ScreenChunks = Partial<Record<Screen | 'shell', string[]>>;

/** The web build's list; none (a build without it, or a damaged one) only means no code is preloaded. */
export function readScreenChunks(webDist: string): ScreenChunks {
  try {
    const read: unknown = JSON.parse(readFileSync(path.join(webDist, 'screen-chunks.json'), 'utf8'));
    const asset = (file: unknown): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(file);
    const files = (list: unknown) => (Array.isArray(list) ? list.filter(asset) : []);
    const chunks = read as Record<keyof ScreenChunks, unknown>;
    return { shell: files(chunks.shell), home: files(chunks.home), shop: files(chunks.shop) };
  } catch {
    return {};
  }
}

function screenAt(pathname: string): { screen: Screen; shopId?: string } | null {
  if (pathname === '/' || pathname === '/home') return { screen: 'home' };
  const shop = /^\/shop\/([1-9]\d{0,8})$/.exec(pathname);
  return shop ? { screen: 'shop', shopId: shop[1] } : null;
}

/** The API paths the screen at `pathname` (the address's path, no query) shows first, for `user`. */
export function firstScreenPreloads(pathname: string, user: SessionUser): string[] {
  const at = screenAt(pathname);
  if (at?.screen === 'home') {
    const own = user.employee ? [`/api/employees/${user.employee.id}/todos`] : [];
    return ['/api/me/today', '/api/me/due-shops', ...own];
  }
  return at?.shopId ? [`/api/shops/${at.shopId}`] : [];
}

/** The scripts of the screen at `pathname` beside the entry, for a page that starts them itself (firstScreenPage.ts). */
export function firstScreenCode(pathname: string, chunks: ScreenChunks): string[] {
  const at = screenAt(pathname);
  return at ? (chunks[at.screen] ?? []).filter((file) => file.endsWith('.js')) : [];
}

/**
 * The Link header for a signed-in `user` opening `pathname`, or null. The page's own script and styles come first:
 * a browser opens six connections per server over HTTP/1.1 and the preloads take them in this order, before the
 * page names its script. Then who is signed in and the screen's API reads, as the app's own fetch asks for them
 * (same-origin credentials), then the screen's scripts as module preloads and its styles as Vite's loader asks.
 * A page the server wrote (`written`) holds the answers and draws before the app's code: only its style sheets are
 * named, so they have the connection to themselves; its page starts the code once they are in (decision 073).
 */
export function firstScreenLinks(pathname: string, user: SessionUser, chunks: ScreenChunks, written = false): string | null {
  const reads = firstScreenPreloads(pathname, user);
  if (reads.length === 0) return null;
  const screen = screenAt(pathname)!.screen;
  const style = (file: string) => `<${file}>; rel=preload; as=style; crossorigin=anonymous`;
  if (written)
    return (
      [...(chunks.shell ?? []), ...(chunks[screen] ?? [])]
        .filter((f) => f.endsWith('.css'))
        .map(style)
        .join(', ') || null
    );
  const code = (files: string[] = []) => files.map((file) => (file.endsWith('.css') ? style(file) : `<${file}>; rel=modulepreload`));
  const read = (p: string) => `<${p}>; rel=preload; as=fetch; crossorigin=anonymous`;
  return [...code(chunks.shell), ...['/api/me', ...reads].map(read), ...code(chunks[screen])].join(', ');
}
