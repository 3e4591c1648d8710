import { describe, expect, it } from "vitest";
import { applyEdit, mergeNewestPage, prependOlderPage, remoteTurnRunning, shouldFollow } from "@/components/chat/message-sync";
import { toChatMessage, type ChatMessage } from "@/components/chat/types";
import type { ApiMessage, MessagePage, MessageStatus } from "@/lib/api";

function msg(seq: number, over: Partial<ApiMessage> = {}): ApiMessage {
  const role = seq % 2 === 1 ? "user" : "assistant";
  return {
    id: `m${seq}`,
    seq,
    role,
    parts: [{ type: "text", text: `text ${seq}` }],
    text: `text ${seq}`,
    tokens: 3,
    status: "complete",
    error: null,
    errorCode: null,
    runStart: false,
    createdAt: new Date(seq * 1000).toISOString(),
    ...over,
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
/** A newest page as the server answers it: with older messages, the id of the live one right before it. */
const page = (messages: ApiMessage[], nextCursor: string | null = null): MessagePage => ({
  messages,
  nextCursor,
  previousId: nextCursor && messages.length ? `m${messages[0].seq - 1}` : null,
});
/** A message this tab sent or is streaming: the server has not confirmed it (no metadata). */
const local = (id: string, role: ChatMessage["role"], text: string): ChatMessage => ({ id, role, parts: [{ type: "text", text }] });
const ids = (ms: ChatMessage[]) => ms.map((m) => m.id);

describe("mergeNewestPage", () => {
  it("takes the page as the whole transcript when nothing is older than it", () => {
    const current = [...range(1, 4).map(toChatMessage), local("tmp-user", "user", "hi"), local("tmp-reply", "assistant", "partial")];
    const { messages, keptOlder } = mergeNewestPage(current, page(range(1, 6)));
    expect(ids(messages)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
    expect(messages.every((m) => m.metadata !== undefined)).toBe(true);
    expect(keptOlder).toBe(false);
  });

  it("keeps loaded older messages before the page and replaces everything the page covers", () => {
    const current = [...range(1, 10).map(toChatMessage), local("tmp", "assistant", "streamed")];
    const { messages, keptOlder } = mergeNewestPage(current, page(range(6, 12), "6"));
    expect(ids(messages)).toEqual(range(1, 12).map((m) => m.id));
    expect(keptOlder).toBe(true);
  });

  it("drops messages a retry removed on the server, and takes the stored status and error code", () => {
    const current = range(1, 8).map(toChatMessage);
    const stored = [...range(5, 7), msg(9, { role: "assistant", status: "interrupted", errorCode: "interrupted" })];
    const { messages } = mergeNewestPage(current, page(stored, "5"));
    expect(ids(messages)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m9"]);
    expect(messages.at(-1)?.metadata).toMatchObject({ status: "interrupted", errorCode: "interrupted" });
  });

  it("says the older cursor no longer applies when no loaded message is older than the page", () => {
    const current = range(6, 10).map(toChatMessage);
    expect(mergeNewestPage(current, page(range(6, 12), "6")).keptOlder).toBe(false);
  });
});

describe("mergeNewestPage after a switch of versions", () => {
  it("keeps what it holds up to the live message before the page, and drops another branch's messages with lower seqs", () => {
    // Held: 1..4, then the branch 5..8 under m4. Shown now: 1..4 then another version's branch, 20..23.
    const out = mergeNewestPage(range(1, 8).map(toChatMessage), { ...page(range(20, 23), "20"), previousId: "m4" });
    expect(ids(out.messages)).toEqual(["m1", "m2", "m3", "m4", "m20", "m21", "m22", "m23"]);
    expect(out.keptOlder).toBe(true);
  });

  it("keeps nothing older when the message before the page is not held (the older cursor starts again)", () => {
    const held = [...range(1, 4), ...range(20, 23)].map(toChatMessage);
    const out = mergeNewestPage(held, { ...page(range(30, 31), "30"), previousId: "m29" });
    expect(ids(out.messages)).toEqual(["m30", "m31"]);
    expect(out.keptOlder).toBe(false);
  });
});

describe("prependOlderPage", () => {
  it("puts an older page first and skips messages already shown", () => {
    const current = range(5, 8).map(toChatMessage);
    expect(ids(prependOlderPage(current, page(range(2, 6), "2")))).toEqual(["m2", "m3", "m4", "m5", "m6", "m7", "m8"]);
  });
});

describe("applyEdit", () => {
  it("replaces the edited message and everything after it with the stored edit", () => {
    const edited = msg(20, { id: "edit", role: "user", text: "new" });
    const out = applyEdit(range(1, 8).map(toChatMessage), "m5", edited);
    expect(ids(out)).toEqual(["m1", "m2", "m3", "m4", "edit"]);
    expect(out.at(-1)?.metadata?.seq).toBe(20);
  });

  it("appends the edit when the old message is not loaded here", () => {
    const out = applyEdit(range(1, 2).map(toChatMessage), "unknown", msg(9, { id: "edit" }));
    expect(ids(out)).toEqual(["m1", "m2", "edit"]);
  });
});

describe("following a reply written elsewhere", () => {
  const endingWith = (status: MessageStatus, role: ApiMessage["role"] = "assistant") => page([...range(1, 3), msg(4, { role, status })]);

  it("sees a turn from a streaming last message or from the thread's active turn", () => {
    expect(remoteTurnRunning(endingWith("streaming"), null)).toBe(true);
    expect(remoteTurnRunning(endingWith("complete"), { assistantMessageId: "x" })).toBe(true);
    expect(remoteTurnRunning(endingWith("complete"), null)).toBe(false);
    expect(remoteTurnRunning(undefined, undefined)).toBe(false);
  });

  it("follows while the last message streams and this tab is not the one streaming it", () => {
    const base = { activeTurn: null, awaitingStoredReply: false };
    expect(shouldFollow({ ...base, page: endingWith("streaming"), streamingHere: false })).toBe(true);
    expect(shouldFollow({ ...base, page: endingWith("streaming"), streamingHere: true })).toBe(false);
    for (const settled of ["complete", "stopped", "error", "interrupted"] as const) {
      expect(shouldFollow({ ...base, page: endingWith(settled), streamingHere: false })).toBe(false);
    }
  });

  it("after a stream ended unconfirmed, follows only until the reply is stored", () => {
    const waiting = { activeTurn: null, streamingHere: false, awaitingStoredReply: true };
    expect(shouldFollow({ ...waiting, page: endingWith("complete", "user") })).toBe(true);
    expect(shouldFollow({ ...waiting, page: endingWith("complete") })).toBe(false);
    expect(shouldFollow({ ...waiting, awaitingStoredReply: false, page: endingWith("complete", "user") })).toBe(false);
  });
});
