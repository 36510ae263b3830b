/**
 * How long a mouse rests on a header menu before it opens, and leaves it before it closes (as the old menus did).
 * One source for the React menus and the islands script of pages without the app (decision 073).
 */
export const HOVER_OPEN_MS = 200;
export const HOVER_CLOSE_MS = 300;
