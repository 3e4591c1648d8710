/*
 * The message tree's pure decisions (issue 40). The live rows of a thread are its active path in
 * seq order; every other row left the path at some moment (`leftAt`, the row's deletedAt) and
 * records its parent. Nothing here reads the database: lib/branches/store.ts does, and hands the
 * rows to these functions.
 */

type OffPathRow = { id: string; parentId: string | null; seq: number; leftAt: Date };

/**
 * The branch under `startId` as it was last shown: from the start, at each message the child that
 * left the path last (the one that was live under it most recently), until a message has none.
 * A child left earlier was replaced under that message while its parent stayed on the path.
 */
function branchToRestore(rows: readonly OffPathRow[], startId: string): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<string | null, OffPathRow[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const path: string[] = [];
  let node = byId.get(startId);
  while (node) {
    path.push(node.id);
    const seq: number = node.seq;
    // A child is written after its parent; a later seq keeps a corrupt row from looping.
    const next = (children.get(node.id) ?? []).filter((c) => c.seq > seq);
    node = next.reduce<OffPathRow | undefined>((best, c) => (!best || later(c, best) ? c : best), undefined);
  }
  return path;
}

/**
 * What comes onto the path to show the off-path row `targetId` (a version, or a message deep in
 * another branch, as a search hit): its off-path ancestors from the one whose parent is on the
 * path (`top`), the target, then the branch last shown under it. Null when the chain is broken.
 */
export function rowsToShow(rows: readonly OffPathRow[], targetId: string): { top: OffPathRow; ids: string[] } | null {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const target = byId.get(targetId);
  if (!target) return null;
  const chain: OffPathRow[] = [];
  for (let node: OffPathRow | undefined = target; node; node = node.parentId ? byId.get(node.parentId) : undefined) {
    // Parents are written before their children: a cycle is a corrupt row.
    if (chain.length && node.seq >= chain[chain.length - 1].seq) return null;
    chain.push(node);
  }
  const top = chain[chain.length - 1];
  const above = chain
    .slice(1)
    .reverse()
    .map((r) => r.id);
  return { top, ids: [...above, ...branchToRestore(rows, targetId)] };
}

const later = (a: OffPathRow, b: OffPathRow) =>
  a.leftAt.getTime() > b.leftAt.getTime() || (a.leftAt.getTime() === b.leftAt.getTime() && a.seq > b.seq);

/** Which version of its message a live row is: `index` of `count` (1-based), and its neighbours. */
export type Versions = { index: number; count: number; previousId: string | null; nextId: string | null };

/**
 * For each row of a stretch of the active path (in seq order), its versions: itself and the
 * off-path rows under the same parent, in the order they were written. `parentOfFirst` is the live
 * row before the stretch (null when the stretch starts the thread). Rows with one version are left out.
 */
export function versionsOnPath(
  live: readonly { id: string; seq: number }[],
  parentOfFirst: string | null,
  offPath: readonly Pick<OffPathRow, "id" | "parentId" | "seq">[],
): Map<string, Versions> {
  const out = new Map<string, Versions>();
  live.forEach((row, i) => {
    const parent = i === 0 ? parentOfFirst : live[i - 1].id;
    const siblings = offPath.filter((r) => r.parentId === parent);
    if (siblings.length === 0) return;
    const all = [...siblings, row].sort((a, b) => a.seq - b.seq);
    const at = all.findIndex((r) => r.id === row.id);
    out.set(row.id, { index: at + 1, count: all.length, previousId: all[at - 1]?.id ?? null, nextId: all[at + 1]?.id ?? null });
  });
  return out;
}
