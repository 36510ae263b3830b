import { createContext } from 'react';

/**
 * What a route's `handle` tells the root layout about its page. A page marked `hydrate: false` ships without the
 * React app: its HTML is the page, and a small script (app/islands) runs the header, the theme and the "Try it
 * now" box. Only pages whose every control has an island may say so (decision 073).
 */
export interface PageHandle {
  hydrate?: false;
}

/** The handle of a content page that needs no React in the browser. */
export const contentPageHandle = { hydrate: false } as const satisfies PageHandle;

/** Whether the page of these matched routes' handles runs the React app: yes, unless one of them says not. */
export function pageHydrates(handles: readonly unknown[]): boolean {
  return !handles.some((handle) => (handle as PageHandle | undefined)?.hydrate === false);
}

/**
 * True while React Router renders its SPA fallback (the shell for paths that are not prerendered): that shell has
 * no page of its own and must always carry the app. Set by entry.server.tsx from the router's entry context.
 */
export const SpaFallbackContext = createContext(false);
