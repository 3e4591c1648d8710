/*
 * Which of the thread header's optional controls stand in its one row and which go into its
 * "More" menu. Pure, from the header's width and each control's width (measured as it stood
 * inline, else a generous estimate): the row never wraps, whatever controls a thread shows.
 */

export type HeaderControl = { id: string; width: number };

export type HeaderFit = { inline: Set<string>; overflow: string[] };

/**
 * `controls` in the order they give up their place last-first: the first one stays inline
 * longest. `fixed` is what always stands in the row (the menu button, the title's minimum, the
 * panel switch, gaps and padding), `more` the menu button's width, needed only when something
 * overflows.
 */
export function fitHeader(available: number, fixed: number, more: number, controls: HeaderControl[]): HeaderFit {
  const all = controls.reduce((sum, c) => sum + c.width, 0);
  if (fixed + all <= available) return { inline: new Set(controls.map((c) => c.id)), overflow: [] };
  const inline = new Set<string>();
  const overflow: string[] = [];
  let used = fixed + more;
  let full = false;
  for (const c of controls) {
    // Once one control has gone to the menu, the later (less important) ones follow it, so the
    // row keeps its order and the menu reads in the same order as the row.
    if (!full && used + c.width <= available) {
      inline.add(c.id);
      used += c.width;
    } else {
      full = true;
      overflow.push(c.id);
    }
  }
  return { inline, overflow };
}
