/**
 * A count as en-US writes it: 12,345. Not `toLocaleString()`: a page's first Intl call loads ICU's
 * number formatting (about 35 ms on a desktop core, 140 ms at Lighthouse's 4x phone slowdown),
 * and the token counts are formatted inside the live chat's first render, one long task. The
 * figures also come out the same on the server and in any browser locale.
 */
export function formatCount(n: number): string {
  const digits = String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 && Math.round(n) !== 0 ? `-${digits}` : digits;
}
