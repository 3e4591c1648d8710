import { describe, expect, it } from "vitest";
import { enqueue, parseQueued, requeueFirst, transcriptSettled, withDraft } from "@/components/chat/message-queue";
import { toChatMessage, type ChatMessage } from "@/components/chat/types";
import type { ApiMessage, MessageStatus } from "@/lib/api";

let n = 0;
const newId = () => `q${++n}`;

function stored(seq: number, role: ApiMessage["role"], status: MessageStatus = "complete"): ChatMessage {
  return toChatMessage({
    id: `m${seq}`,
    seq,
    role,
    parts: [{ type: "text", text: `text ${seq}` }],
    text: `text ${seq}`,
    tokens: 3,
    status,
    error: null,
    errorCode: null,
    runStart: false,
    createdAt: new Date(seq * 1000).toISOString(),
  });
}
/** What this tab sent or streamed and the server has not confirmed yet (no metadata). */
const local = (role: ChatMessage["role"]): ChatMessage => ({ id: `tmp-${role}`, role, parts: [{ type: "text", text: "…" }] });

describe("enqueue", () => {
  it("queues one message, and adds what is sent while it waits as a new paragraph under a new id", () => {
    const first = enqueue(null, "run the tests", false, newId);
    expect(first).toMatchObject({ text: "run the tests", stopFirst: false });
    const second = enqueue(first, "then commit", false, newId);
    expect(second.text).toBe("run the tests\n\nthen commit");
    expect(second.id).not.toBe(first.id);
  });

  it("keeps a stop already asked for, and takes one asked for with the addition", () => {
    expect(enqueue(enqueue(null, "a", true, newId), "b", false, newId).stopFirst).toBe(true);
    expect(enqueue(enqueue(null, "a", false, newId), "b", true, newId).stopFirst).toBe(true);
  });
});

describe("requeueFirst", () => {
  it("puts a refused send before whatever was queued after it", () => {
    const later = enqueue(null, "queued later", true, newId);
    const back = requeueFirst(later, "refused first", newId);
    expect(back.text).toBe("refused first\n\nqueued later");
    expect(back.stopFirst).toBe(true);
    expect(requeueFirst(null, "refused", newId)).toMatchObject({ text: "refused", stopFirst: false });
  });
});

describe("withDraft", () => {
  it("puts text taken back before what was typed since, and never twice", () => {
    expect(withDraft("queued", "")).toBe("queued");
    expect(withDraft("queued", "  ")).toBe("queued");
    expect(withDraft("queued", "typed since")).toBe("queued\n\ntyped since");
    expect(withDraft("queued", "queued\n\ntyped since")).toBe("queued\n\ntyped since");
  });
});

describe("transcriptSettled", () => {
  it("is settled when empty or when the last message is stored and final", () => {
    expect(transcriptSettled([])).toBe(true);
    expect(transcriptSettled([stored(1, "user"), stored(2, "assistant")])).toBe(true);
    for (const status of ["stopped", "error", "interrupted"] as const) {
      expect(transcriptSettled([stored(1, "user"), stored(2, "assistant", status)])).toBe(true);
    }
  });

  it("is not settled while a reply is stored as being written", () => {
    expect(transcriptSettled([stored(1, "user"), stored(2, "assistant", "streaming")])).toBe(false);
  });

  it("is not settled while this tab's own send or stream is unconfirmed (a refused send included)", () => {
    expect(transcriptSettled([stored(1, "user"), stored(2, "assistant"), local("user")])).toBe(false);
    expect(transcriptSettled([stored(1, "user"), local("assistant")])).toBe(false);
  });
});

describe("parseQueued", () => {
  it("reads back what was stored", () => {
    const q = enqueue(null, "hello", true, newId);
    expect(parseQueued(JSON.stringify(q))).toEqual(q);
  });

  it("is null for nothing, garbage, another shape or an empty text", () => {
    expect(parseQueued(null)).toBeNull();
    expect(parseQueued("{not json")).toBeNull();
    expect(parseQueued('"just a string"')).toBeNull();
    expect(parseQueued("null")).toBeNull();
    expect(parseQueued(JSON.stringify({ id: 1, text: "x" }))).toBeNull();
    expect(parseQueued(JSON.stringify({ id: "a", text: "  " }))).toBeNull();
    expect(parseQueued(JSON.stringify({ id: "a", text: "x", stopFirst: "yes" }))).toEqual({ id: "a", text: "x", stopFirst: false });
  });
});
