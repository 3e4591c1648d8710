import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutAnsweredApprovalCopies } from "@/lib/context";
import type { StoredPart } from "@/lib/context/types";

const call = (id: string, state: string): StoredPart => ({ type: "tool-web__x", toolCallId: id, state });
const text = (t: string): StoredPart => ({ type: "text", text: t });
const msg = (id: string, parts: StoredPart[]) => ({ id, parts });

describe("withoutAnsweredApprovalCopies", () => {
  it("leaves out an answered approval's earlier copy once a later message carries the call", () => {
    const out = withoutAnsweredApprovalCopies([
      msg("u", [text("clean up")]),
      msg("a1", [text("calling"), call("c1", "approval-responded")]),
      msg("a2", [call("c1", "output-available"), text("done")]),
    ]);
    expect(out.map((m) => m.parts.map((p) => p.type))).toEqual([["text"], ["text"], ["tool-web__x", "text"]]);
  });

  it("keeps the copy while no later message carries the call (the continuation's own input)", () => {
    const messages = [msg("u", [text("clean up")]), msg("a1", [call("c1", "approval-responded")])];
    expect(withoutAnsweredApprovalCopies(messages)).toEqual(messages);
  });

  it("never drops anything but an earlier approval-responded copy, and keeps order and ids", () => {
    const part = fc.oneof(
      fc.string().map(text),
      fc
        .record({
          id: fc.constantFrom("c1", "c2", "c3"),
          state: fc.constantFrom("approval-responded", "output-available", "input-available"),
        })
        .map((c) => call(c.id, c.state)),
    );
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 4 }), { maxLength: 8 }), (partLists) => {
        const messages = partLists.map((parts, i) => msg(`m${i}`, parts));
        const out = withoutAnsweredApprovalCopies(messages);
        expect(out.map((m) => m.id)).toEqual(messages.map((m) => m.id));
        // Seen: the calls of later messages (and of earlier parts of the same one, read in order).
        const seen = new Set<string>();
        for (let i = messages.length - 1; i >= 0; i--) {
          const kept: StoredPart[] = [];
          for (const p of messages[i].parts) {
            const id = p.toolCallId as string | undefined;
            if (!(id && p.state === "approval-responded" && seen.has(id))) kept.push(p);
            if (id) seen.add(id);
          }
          expect(out[i].parts).toEqual(kept);
        }
      }),
    );
  });
});
