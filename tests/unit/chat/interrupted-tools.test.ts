import { describe, expect, it } from "vitest";
import { hasOpenToolCalls, settleOpenToolCalls } from "@/lib/chat/interrupted-tools";

const call = (name: string, id: string, input: Record<string, unknown>, state = "input-available") => ({
  type: `tool-${name}`,
  toolCallId: id,
  state,
  input,
});

describe("settling an interrupted reply's open tool calls", () => {
  it("gives a write whose version exists that result, and says plainly when nothing happened", () => {
    const parts = [
      { type: "text", text: "Writing the notes." },
      { ...call("write_file", "c1", { path: "a.md", content: "x" }, "output-available"), output: { ok: true, path: "a.md", version: 1 } },
      call("write_file", "c2", { path: "a.md", content: "y" }),
      call("delete_file", "c3", { path: "old.md" }),
      call("write_file", "c4", { path: "b.md", content: "z" }),
      call("read_file", "c5", { path: "a.md" }),
    ];
    expect(hasOpenToolCalls(parts)).toBe(true);
    const settled = settleOpenToolCalls(parts, {
      files: [
        { path: "a.md", version: 1, deleted: false },
        { path: "a.md", version: 2, deleted: false },
        { path: "old.md", version: 3, deleted: true },
      ],
      actions: [],
    });
    expect(settled[0]).toBe(parts[0]);
    expect(settled[1]).toBe(parts[1]);
    // The second write of a.md is version 2 (version 1 was already shown with its own call).
    expect(settled[2]).toMatchObject({ state: "output-available", output: { ok: true, path: "a.md", version: 2 } });
    expect(settled[3]).toMatchObject({ state: "output-available", output: { ok: true, path: "old.md", version: 3, deleted: true } });
    expect(settled[4]).toMatchObject({ state: "output-error", errorText: expect.stringMatching(/no change from it/) });
    expect(settled[5]).toMatchObject({ state: "output-error", errorText: expect.stringMatching(/Reading changes nothing/) });
    expect(hasOpenToolCalls(settled)).toBe(false);
  });

  it("reports a send from the ledger: sent when it succeeded, its open state otherwise, nothing sent without a row", () => {
    const parts = [
      call("send_email", "e1", { to: "me@example.com", subject: "Digest" }),
      call("send_email", "e2", { to: "me@example.com", subject: "Later" }),
      call("send_email", "e3", { to: "you@example.com", subject: "Never" }),
    ];
    const settled = settleOpenToolCalls(parts, {
      files: [],
      actions: [
        { key: "k1", to: "me@example.com", subject: "Digest", status: "succeeded", resultId: "m1" },
        { key: "k2", to: "me@example.com", subject: "Later", status: "unknown", resultId: null },
      ],
    });
    expect(settled[0]).toMatchObject({ state: "output-available", output: { ok: true, state: "sent", resultId: "m1" } });
    expect(settled[1]).toMatchObject({ state: "output-error", errorText: expect.stringMatching(/"unknown" in the actions list/) });
    expect(settled[2]).toMatchObject({ state: "output-error", errorText: expect.stringMatching(/nothing was sent/) });
  });

  it("leaves a reply without open tool calls as it is", () => {
    const parts = [{ type: "text", text: "done" }];
    expect(hasOpenToolCalls(parts)).toBe(false);
    expect(settleOpenToolCalls(parts, { files: [], actions: [] })).toEqual(parts);
  });
});
