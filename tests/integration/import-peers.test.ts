import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { echoedPrompt } from "./support/seed";
import { settleAfter } from "./support/after-stub";
import { callRoute, type Jar } from "./security/support";
import { resetConfigForTests } from "@/tests/support/config";
import { BASE_TIME, chatGptExport, longText } from "@/tests/support/chatgpt-export";
import { makeZip } from "@/tests/support/zip";
import { inspectContext } from "@/lib/chat/inspect";
import * as importRoute from "@/app/api/import/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));
vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));

const COUNT = 2_000;

async function postImport(content: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append("file", new Blob([typeof content === "string" ? content : Uint8Array.from(content)]), name);
  const framed = new Response(form);
  const body = new Uint8Array(await framed.arrayBuffer());
  const headers = { "content-type": framed.headers.get("content-type")! };
  return callRoute(importRoute, { method: "POST", url: "/api/import", headers, body });
}

// A real ChatGPT-shaped export of 2,000 messages (as its zip and as conversations.json alone) and a
// Claude one, through POST /api/import: order, roles, times and text kept, the abandoned branch
// left out, one import per export, hostile zips refused with nothing written, and the long thread
// compacted in the background so its next model input fits.
describe.each(testDatabases())("import of ChatGPT and Claude exports on $name", (target) => {
  let env: Provisioned;
  const saved = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, {
      OFFLINE_DELAY_MS: "0",
      MAX_IMPORT_BYTES: String(2 * 1024 * 1024),
      MAX_IMPORT_UNZIPPED_BYTES: String(4 * 1024 * 1024),
      COMPACT_AT_INPUT_TOKENS: "12000",
      CONTEXT_RECENT_TOKENS: "3000",
    });
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await env?.drop();
  });

  const counts = async () => ({ threads: await env.db.thread.count(), messages: await env.db.message.count() });

  it("imports the zip as one thread in order, compacts it in the background, and the same export alone is a duplicate", async () => {
    jar.values.clear();
    const json = JSON.stringify(chatGptExport(COUNT));
    const zip = makeZip([
      { name: "chat.html", data: Buffer.from("<html></html>") },
      { name: "conversations.json", data: Buffer.from(json) },
      { name: "file-abc.png", data: Buffer.alloc(1000, 1) },
    ]);
    const res = await postImport(zip, "chatgpt-export.zip");
    expect(res.status).toBe(201);
    const { threadIds, duplicate } = (await res.json()) as { threadIds: string[]; duplicate: boolean };
    expect([threadIds.length, duplicate]).toEqual([1, false]);
    const id = threadIds[0];
    const thread = await env.db.thread.findUniqueOrThrow({ where: { id } });
    expect(thread.title).toBe("A long migration");
    const rows = await env.db.message.findMany({ where: { threadId: id }, orderBy: { seq: "asc" } });
    expect(rows).toHaveLength(COUNT);
    rows.forEach((m, k) => {
      expect([m.seq, m.role, m.text, m.createdAt.getTime()]).toEqual([
        k + 1,
        k % 2 ? "assistant" : "user",
        longText(k),
        (BASE_TIME + k) * 1000,
      ]);
    });
    expect(rows.some((m) => m.text.includes("ABANDONED"))).toBe(false);

    // The background compaction (afterResponse -> startCompaction) lands a summary.
    await settleAfter();
    const receipt = await env.db.compaction.findFirstOrThrow({ where: { threadId: id } });
    expect([receipt.status, receipt.trigger], receipt.reason ?? "").toEqual(["saved", "threshold"]);
    const inspected = await inspectContext(id, { includeInput: false });
    expect(inspected).toMatchObject({ summaryStale: false, boundedSpan: null });
    expect(inspected.summary?.id).toBe(receipt.summaryId);
    expect(inspected.tokens.total).toBeLessThan(inspected.thresholds.compactAtInputTokens);
    const userId = thread.userId;
    await completeTurn(userId, id, textStart("echo input"));
    const reply = await env.db.message.findFirstOrThrow({ where: { threadId: id, role: "assistant" }, orderBy: { seq: "desc" } });
    const first = echoedPrompt(reply.text).messages[0]!;
    expect(first.parts[0].text).toMatch(/^Summary of earlier conversation:\n/);

    const before = await counts();
    for (const again of [await postImport(json, "conversations.json"), await postImport(zip, "again.zip")]) {
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ threadIds, duplicate: true });
    }
    expect(await counts()).toEqual(before);
  }, 120_000);

  it("refuses a zip bomb, a lying zip, a zip without conversations.json and an oversized file, with nothing written", async () => {
    jar.values.clear();
    const before = await counts();
    // Spaces, which the streaming JSON reader skips: the bomb is refused for its size, not its first byte.
    const zeros = Buffer.alloc(5 * 1024 * 1024, 0x20);
    const cases: Array<[Uint8Array | string, number, string, RegExp]> = [
      [makeZip([{ name: "conversations.json", data: zeros }]), 413, "too_large", /unpacks to more than the 4 MB/],
      // A bomb whose directory claims 100 bytes: inflation itself stops at the cap.
      [makeZip([{ name: "conversations.json", data: zeros, declaredSize: 100 }]), 413, "too_large", /unpacks to more than the 4 MB/],
      [makeZip([{ name: "conversations.json", data: Buffer.from("[]"), declaredSize: 1 }]), 400, "invalid_body", /does not match the size/],
      [makeZip([{ name: "chat.html", data: Buffer.from("<html>") }]), 400, "invalid_body", /holds no conversations\.json/],
      [" ".repeat(2 * 1024 * 1024 + 1), 413, "too_large", /larger than the 2 MB/],
      [JSON.stringify([{ id: 1 }]), 400, "invalid_body", /not of ChatGPT conversations/],
    ];
    for (const [content, status, code, message] of cases) {
      const res = await postImport(content, "export.zip");
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect([res.status, body.error.code], body.error.message).toEqual([status, code]);
      expect(body.error.message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("imports a Claude export: each conversation a thread, human and assistant in order with their times", async () => {
    jar.values.clear();
    const claude = [
      {
        uuid: "c1",
        name: "Log triage",
        created_at: "2025-03-01T10:00:00.000Z",
        updated_at: "2025-03-01T10:05:00.000Z",
        chat_messages: [
          { uuid: "m1", sender: "human", text: "Why did it crash?", created_at: "2025-03-01T10:00:00.000Z", attachments: [], files: [] },
          {
            uuid: "m2",
            sender: "assistant",
            text: "Out of memory.",
            content: [{ type: "text", text: "Out of memory." }],
            created_at: "2025-03-01T10:01:00.000Z",
          },
        ],
      },
      { uuid: "c2", name: "Empty", created_at: "2025-03-02T10:00:00.000Z", updated_at: "2025-03-02T10:00:00.000Z", chat_messages: [] },
    ];
    const res = await postImport(JSON.stringify(claude), "conversations.json");
    expect(res.status).toBe(201);
    const { threadIds } = (await res.json()) as { threadIds: string[] };
    expect(threadIds).toHaveLength(1);
    const thread = await env.db.thread.findUniqueOrThrow({
      where: { id: threadIds[0] },
      include: { messages: { orderBy: { seq: "asc" } } },
    });
    expect(thread.title).toBe("Log triage");
    expect(thread.messages.map((m) => [m.role, m.text, m.createdAt.toISOString()])).toEqual([
      ["user", "Why did it crash?", "2025-03-01T10:00:00.000Z"],
      ["assistant", "Out of memory.", "2025-03-01T10:01:00.000Z"],
    ]);
    // Short: nothing to compact.
    await settleAfter();
    expect(await env.db.compaction.count({ where: { threadId: threadIds[0] } })).toBe(0);
  });
});
