/*
 * The two widths the layout changes at (Tailwind's md and xl, so CSS and script agree):
 * below SIDEBAR_INLINE the chat list is a drawer; below PANELS_INLINE the workspace and the
 * inspector are sheets over the chat, since beside it they would leave the composer too narrow.
 */
export const SIDEBAR_INLINE = "(min-width: 48rem)";
export const PANELS_INLINE = "(min-width: 80rem)";
