/**
 * The picker grid's thumbnail width in CSS pixels. Its own module so `lazy.tsx` (in the tool page's first
 * JavaScript) can have page 1 drawn at this width on drop without importing the grid.
 */
export const PICKER_THUMB_WIDTH = 120;
