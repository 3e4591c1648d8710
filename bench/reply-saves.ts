// Reply saves (issue 24): a long tool-heavy reply (6,250 `read` calls, about 1.9 MB of parts, like
// the probe's) saved once per step. Prints, per database, the bytes each partial save sends and the
// time of the last saves, for the draft-part saves (lib/db/reply-parts.ts) against the whole-row
// rewrite they replaced (the same parts written as one JSON column, measured in the same run).
import { provision, type TestDatabase } from "../tests/integration/support/databases";
import { ReplyRecorder } from "@/lib/chat/reply-recorder";
import { createThread } from "@/lib/db/threads";
import type { MessagePart } from "@/lib/db/messages";
import { table } from "./support";

const CALLS = 6_250;
const SAVES = 125; // one per 50 tool calls

function partsAfter(calls: number): MessagePart[] {
  const parts: MessagePart[] = [];
  for (let i = 0; i < calls; i++) {
    parts.push({
      type: "tool-read",
      toolCallId: `call_${i.toString().padStart(5, "0")}`,
      state: "output-available",
      input: { path: `notes/day-${i}.md` },
      output: `notes/day-${i}.md (1 line)\n` + "A line of the day's notes, as the read tool returns it. ".repeat(3),
    });
  }
  parts.push({ type: "text", text: `Read ${calls} files so far.` });
  return parts;
}

async function streamingReply(db: Awaited<ReturnType<typeof provision>>["db"], userId: string) {
  const thread = await createThread(userId);
  const message = await db.message.create({
    data: { threadId: thread.id, seq: 1, role: "assistant", parts: "[]", text: "", tokens: 0, status: "streaming" },
  });
  return { threadId: thread.id, messageId: message.id };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function benchReplySaves(): Promise<string> {
  const targets: TestDatabase[] = [{ name: "sqlite", url: "" }];
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) targets.push({ name: "postgres", url: pg });
  const rows: Array<Record<string, string>> = [];
  for (const target of targets) {
    const env = await provision(target);
    try {
      const userId = (await env.db.user.create({ data: {} })).id;
      // Draft-part saves, through the recorder.
      const draft = await streamingReply(env.db, userId);
      const recorder = new ReplyRecorder(draft.threadId, draft.messageId, {
        saveEveryMs: 3_600_000,
        saveBytesPerSecond: Number.MAX_SAFE_INTEGER,
        releaseLease: () => undefined,
      });
      const draftBytes: number[] = [];
      const draftMs: number[] = [];
      // The whole-row rewrite, as the recorder did it before.
      const whole = await streamingReply(env.db, userId);
      const wholeBytes: number[] = [];
      const wholeMs: number[] = [];
      let total = 0;
      for (let s = 1; s <= SAVES; s++) {
        const parts = partsAfter((CALLS / SAVES) * s);
        const before = recorder.bytesSaved;
        let t0 = performance.now();
        recorder.update(parts);
        await recorder.flush();
        draftMs.push(performance.now() - t0);
        draftBytes.push(recorder.bytesSaved - before);
        const json = JSON.stringify(parts);
        total = json.length;
        t0 = performance.now();
        await env.db.message.updateMany({ where: { id: whole.messageId, status: "streaming" }, data: { parts: json } });
        wholeMs.push(performance.now() - t0);
        wholeBytes.push(json.length);
      }
      const last = (xs: number[]) => xs.slice(-10);
      const perSave = (xs: number[]) => `${(mean(last(xs)) / 1024).toFixed(1)} KB`;
      rows.push({
        db: target.name,
        reply: `${(total / 1024 / 1024).toFixed(2)} MB`,
        "whole row: bytes/save (last 10)": perSave(wholeBytes),
        "draft parts: bytes/save (last 10)": perSave(draftBytes),
        "bytes ratio": `${(mean(last(wholeBytes)) / mean(last(draftBytes))).toFixed(0)}x less`,
        "all saves: whole / draft": `${(wholeBytes.reduce((a, b) => a + b) / 1024 / 1024).toFixed(0)} MB / ${(draftBytes.reduce((a, b) => a + b) / 1024 / 1024).toFixed(1)} MB`,
        "ms/save last 10: whole / draft": `${mean(last(wholeMs)).toFixed(1)} / ${mean(last(draftMs)).toFixed(1)}`,
      });
      await recorder.finish("complete", null, null);
    } finally {
      await env.drop();
    }
  }
  return [`${CALLS} tool calls saved in ${SAVES} saves (one per ${CALLS / SAVES} calls)`, table(rows)].join("\n");
}
