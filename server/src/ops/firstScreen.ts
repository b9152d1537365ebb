// What the app's first screen asks the API for, preloaded by a Link header on the page itself (issue 25), so those
// requests leave with the page instead of after its code has been downloaded and run (1.5-2.5 s on a mid-tier
// phone). Only for a browser that holds a session cookie (a preload nobody reads is a console warning), and only
// paths the page knows without asking: the answers still come from the API's own routes, checked there as always.
// The path is matched as a hint only, never to guard anything.

const HOME = ['/api/me/today', '/api/me/due-shops'];

/** The API paths the screen at `path` (the address's path, no query) shows first. */
export function firstScreenPreloads(path: string): string[] {
  if (path === '/' || path === '/home') return HOME;
  const shop = /^\/shop\/([1-9]\d{0,8})$/.exec(path);
  return shop ? [`/api/shops/${shop[1]}`] : [];
}

/** The Link header for `paths`, as the app's own fetch asks for them (same-origin credentials). */
export const preloadLinks = (paths: string[]) => paths.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', ');
