// What the app's first screen asks the API for, preloaded by a Link header on the page itself (issue 25), so those
// requests leave with the page instead of after its code has been downloaded and run (1.5-2.5 s on a mid-tier
// phone). Only for a signed-in session (a preload nobody reads is a console warning, and the to-dos' path names the
// session's employee): the answers still come from the API's own routes, checked there as always. The path is read
// as a hint only, never to guard anything.
import type { SessionUser } from '../auth/sessions.js';

/** The API paths the screen at `path` (the address's path, no query) shows first, for `user`. */
export function firstScreenPreloads(path: string, user: SessionUser): string[] {
  if (path === '/' || path === '/home') {
    const own = user.employee ? [`/api/employees/${user.employee.id}/todos`] : [];
    return ['/api/me/today', '/api/me/due-shops', ...own];
  }
  const shop = /^\/shop\/([1-9]\d{0,8})$/.exec(path);
  return shop ? [`/api/shops/${shop[1]}`] : [];
}

/** The Link header for `paths`, as the app's own fetch asks for them (same-origin credentials). */
export const preloadLinks = (paths: string[]) => paths.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', ');
