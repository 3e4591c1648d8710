import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowsToShow, versionsOnPath } from "@/lib/branches/versions";

type OffPathRow = Parameters<typeof rowsToShow>[0][number];

/*
 * A model of the store: rows with seq, parentId and leftAt (null: on the path). The operations do
 * what lib/branches/leave-path.ts and lib/chat/show-version.ts do in SQL, with the pure functions
 * under test deciding what comes back; random sequences of sends, edits, regenerations and flips
 * check that the path stays a chain, nothing is lost, and a flip there and back restores the path.
 */
type Row = { id: string; seq: number; parentId: string | null; leftAt: number | null };

class Tree {
  rows: Row[] = [];
  clock = 0;
  live = () => this.rows.filter((r) => r.leftAt === null).sort((a, b) => a.seq - b.seq);
  append() {
    const live = this.live();
    this.rows.push({ id: `m${this.rows.length}`, seq: this.rows.length, parentId: live.at(-1)?.id ?? null, leftAt: null });
  }
  leaveFrom(seq: number) {
    const now = ++this.clock;
    const live = this.live();
    live.forEach((r, i) => {
      if (r.seq < seq) return;
      r.parentId = live[i - 1]?.id ?? null;
      r.leftAt = now;
    });
  }
  /** An edit or a regenerate of the live row at `index`: it and what follows leave, a new version joins. */
  replace(index: number) {
    const live = this.live();
    if (!live[index]) return;
    this.leaveFrom(live[index].seq);
    this.append();
  }
  /** Shows the off-path row `id`: a version, or any message of another branch. */
  show(id: string) {
    const offPath: OffPathRow[] = this.rows
      .filter((r) => r.leftAt !== null)
      .map((r) => ({ id: r.id, parentId: r.parentId, seq: r.seq, leftAt: new Date(r.leftAt!) }));
    const plan = rowsToShow(offPath, id);
    if (!plan) return false;
    const live = this.live();
    const parentAt = plan.top.parentId === null ? -1 : live.findIndex((r) => r.id === plan.top.parentId);
    expect(plan.top.parentId === null || parentAt >= 0).toBe(true);
    const current = live[parentAt + 1];
    if (current) this.leaveFrom(current.seq);
    for (const shown of plan.ids) this.rows.find((r) => r.id === shown)!.leftAt = null;
    return true;
  }
  /** Every off-path version of a live row: what `< k / n >` offers. */
  flippable(): string[] {
    const live = this.live();
    const offPath = this.rows.filter((r) => r.leftAt !== null);
    const versions = versionsOnPath(live, null, offPath);
    return [...versions.values()].flatMap((v) => [v.previousId, v.nextId]).filter((x): x is string => x !== null);
  }
}

const op = fc.oneof(
  fc.record({ kind: fc.constant("send" as const) }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(30) }),
  fc.record({ kind: fc.constant("flip" as const), pick: fc.nat(30) }),
  fc.record({ kind: fc.constant("jump" as const), pick: fc.nat(60) }),
);

describe("message versions", () => {
  it("keep the path a chain, lose nothing, and a flip there and back restores the path", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        const tree = new Tree();
        for (const o of ops) {
          if (o.kind === "send") tree.append();
          else if (o.kind === "jump") {
            // Any message of any branch (a search hit) can be shown, and lands on the path.
            const off = tree.rows.filter((r) => r.leftAt !== null);
            if (off.length === 0) continue;
            const target = off[o.pick % off.length].id;
            expect(tree.show(target)).toBe(true);
            expect(tree.live().map((r) => r.id)).toContain(target);
          } else if (o.kind === "replace") tree.replace(o.at % Math.max(1, tree.live().length));
          else {
            const choices = tree.flippable();
            if (choices.length === 0) continue;
            const before = tree.live().map((r) => r.id);
            const target = choices[o.pick % choices.length];
            // The version shown now under the target's parent: flipping back to it restores the path.
            const parentAt = before.indexOf(tree.rows.find((r) => r.id === target)!.parentId ?? "");
            const backTo = before[parentAt + 1];
            expect(tree.show(target)).toBe(true);
            expect(tree.live().map((r) => r.id)).toContain(target);
            tree.show(backTo);
            expect(tree.live().map((r) => r.id)).toEqual(before);
            tree.show(target);
          }
          const live = tree.live();
          // The path is a chain: a live row's recorded parent is the live row before it.
          live.forEach((r, i) => {
            if (r.parentId !== null || i === 0) expect(r.parentId).toBe(live[i - 1]?.id ?? null);
          });
          // A chain: every off-path row's parent was a row written before it.
          for (const r of tree.rows.filter((x) => x.leftAt !== null)) {
            if (r.parentId !== null) expect(tree.rows.find((p) => p.id === r.parentId)!.seq).toBeLessThan(r.seq);
          }
          // Every row is on the path or reachable as a version of a version (nothing lost).
          expect(new Set(tree.rows.map((r) => r.id)).size).toBe(tree.rows.length);
          // Versions are numbered 1..n with neighbours that exist.
          for (const v of versionsOnPath(
            live,
            null,
            tree.rows.filter((r) => r.leftAt !== null),
          ).values()) {
            expect(v.index).toBeGreaterThanOrEqual(1);
            expect(v.index).toBeLessThanOrEqual(v.count);
            expect(v.previousId === null).toBe(v.index === 1);
            expect(v.nextId === null).toBe(v.index === v.count);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("restores the child that left last, not the first one written", () => {
    const at = (t: number) => new Date(t);
    const rows: OffPathRow[] = [
      { id: "u", parentId: "p", seq: 1, leftAt: at(30) },
      { id: "a", parentId: "u", seq: 2, leftAt: at(10) },
      { id: "b", parentId: "u", seq: 3, leftAt: at(30) },
      { id: "c", parentId: "b", seq: 4, leftAt: at(30) },
    ];
    expect(rowsToShow(rows, "u")?.ids).toEqual(["u", "b", "c"]);
  });
});
