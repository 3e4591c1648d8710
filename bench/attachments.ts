// Attachments over a long thread: model-input tokens per turn over 200 turns of a thread with ten
// attached files (four images, two PDFs, four text files), ours against re-sending every attachment
// on every turn (what vercel/chatbot does with its image attachments), in one run. Ours: an image
// travels as a file part only while its message is in the recent span, every attachment is a
// short note naming its workspace path, and the agent reads text and PDF text through the
// workspace tools. The other column is the same requests plus every attachment's full content each
// turn: images counted as the offline model and providers bill them (bytes / 750, 85 to 1,600
// tokens), text and PDF text by the tokenizer (a lower bound for a PDF a provider reads as pages).
// Offline model, SQLite, small windows so the thread is compacted along the way.
import { png, pdf } from "../tests/support/attachment-files";
import { resetConfigForTests } from "../tests/support/config";
import { addAttachments } from "@/lib/attachments/add";
import { attachmentParts } from "@/lib/attachments/message-parts";
import { countTokens } from "@/lib/ai/tokens";
import { afterTurn } from "@/lib/chat/after-turn";
import { runTurn } from "@/lib/chat/turn";
import { createThread } from "@/lib/db/threads";
import { benchDatabase, percentile, table } from "./support";

const TURNS = Number(process.env.BENCH_ATTACHMENT_TURNS ?? 200);
const imageTokens = (bytes: number) => Math.min(1_600, Math.max(85, Math.ceil(bytes / 750)));

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join("\n");

async function files(): Promise<Array<{ name: string; bytes: Uint8Array; tokens: number }>> {
  const text = (name: string, body: string) => ({ name, bytes: new TextEncoder().encode(body), tokens: countTokens(body) });
  const image = (name: string, w: number, h: number, seed: number) => {
    const bytes = png(w, h, { noise: seed });
    return { name, bytes, tokens: imageTokens(bytes.byteLength) };
  };
  const pages = (n: number, k: number) =>
    Array.from({ length: n }, (_, i) => `Spec ${k} page ${i + 1}: the lease renews every ${i + 3} seconds.`);
  const pdfFile = async (name: string, n: number, k: number) => {
    const body = pages(n, k);
    return { name, bytes: await pdf(body), tokens: countTokens(body.join("\n")) };
  };
  return [
    image("screen-1.png", 640, 400, 1),
    image("screen-2.png", 320, 240, 2),
    image("diagram.png", 800, 600, 3),
    image("photo.png", 480, 360, 4),
    await pdfFile("spec.pdf", 12, 1),
    await pdfFile("contract.pdf", 30, 2),
    text(
      "metrics.csv",
      lines(400, (i) => `${i},${(i * 37) % 101},${(i * 13) % 17},ok`),
    ),
    text(
      "server.log",
      lines(300, (i) => `2026-12-06T10:${String(i % 60).padStart(2, "0")}:00Z INFO request ${i} served in ${i % 40} ms`),
    ),
    text(
      "notes.md",
      lines(120, (i) => `- Note ${i}: keep the migration reversible and the lease short.`),
    ),
    text(
      "config.json",
      JSON.stringify({ servers: Array.from({ length: 60 }, (_, i) => ({ id: i, host: `db-${i}.internal`, port: 5432 + i })) }, null, 2),
    ),
  ];
}

export async function benchAttachments(): Promise<string> {
  const env = { OFFLINE_DELAY_MS: "0", CONTEXT_RECENT_TOKENS: "3000", COMPACT_AT_INPUT_TOKENS: "9000", CHAT_MODEL: "offline" };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  resetConfigForTests();
  const { db, cleanup } = await benchDatabase();
  try {
    const userId = (await db.user.create({ data: {} })).id;
    const thread = await createThread(userId);
    const attached = await files();
    const written = await addAttachments(
      userId,
      thread.id,
      attached.map((f) => ({ name: f.name, bytes: f.bytes })),
    );
    const tokensByPath = new Map(written.map((w, i) => [w.path, attached[i]!.tokens]));
    const everyAttachment = attached.reduce((sum, f) => sum + f.tokens, 0);
    const ours: number[] = [];
    let turnsWithImages = 0;
    const resend: number[] = [];
    for (let t = 0; t < TURNS; t++) {
      const withFile = t < written.length ? [written[t]!.path] : [];
      const text = `Turn ${t}: ${lines(6, (i) => `step ${i} of the migration plan is noted for review ${t * 7 + i}.`)}`;
      const parts = [{ type: "text" as const, text }, ...(await attachmentParts(userId, thread.id, withFile))];
      const turn = await runTurn({ userId, threadId: thread.id, start: { kind: "submit", parts } });
      const outcome = await turn.outcome;
      if (outcome.status !== "complete") throw new Error(`turn ${t} ended ${outcome.status}: ${outcome.error}`);
      await afterTurn(thread.id, Promise.resolve(outcome));
      const call = await db.modelCall.findFirstOrThrow({
        where: { threadId: thread.id, kind: "chat", messageId: outcome.assistantMessageId },
        orderBy: { createdAt: "asc" },
      });
      const input = call.inputTokens ?? 0;
      // The images this request carried as file parts, already counted in `input`.
      const carried = [...(call.input ?? "").matchAll(/"filename":"([^"]+)"/g)].reduce((sum, m) => sum + (tokensByPath.get(m[1]!) ?? 0), 0);
      if (carried > 0) turnsWithImages++;
      ours.push(input);
      resend.push(input - carried + everyAttachment);
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const row = (label: string, xs: number[]) => ({
      "model input": label,
      "total tokens": sum(xs).toLocaleString("en-US"),
      "per turn p50": percentile(xs, 50).toLocaleString("en-US"),
      "per turn p95": percentile(xs, 95).toLocaleString("en-US"),
      "last turn": xs.at(-1)!.toLocaleString("en-US"),
      "vs ours": (sum(xs) / sum(ours)).toFixed(2) + "x",
    });
    const compactions = await db.summary.count({ where: { threadId: thread.id } });
    return [
      table([row("ours (notes; images while recent)", ours), row("re-sending every attachment", resend)]),
      `(${TURNS} turns, ${attached.length} attachments worth ${everyAttachment.toLocaleString("en-US")} tokens in full; ${compactions} summaries along the way; images went as file parts on ${turnsWithImages} turns)`,
    ].join("\n");
  } finally {
    process.env = saved;
    resetConfigForTests();
    await cleanup();
  }
}
