// Flat cost: the time to build the model input for a thread with a summary, by our path (load the
// summary and the messages from its cut on) and by a load-everything baseline (all messages loaded
// and converted, as the Vercel chatbot template does), side by side in one run.
import { convertToModelMessages, type UIMessage } from "ai";
import { buildModelInput } from "@/lib/chat/model-input";
import { loadRunTranscript, loadWindow } from "@/lib/chat/window";
import { db } from "@/lib/db/client";
import { benchDatabase, median, table } from "./support";

const SIZES = (process.env.BENCH_SIZES ?? "100,1000,10000,100000").split(",").map(Number);
const RECENT = 40; // messages after the cut, like a ~24k-token recent window of short turns

async function seedThread(userId: string, count: number): Promise<string> {
  const ws = await db().workspace.create({ data: { userId } });
  const thread = await db().thread.create({ data: { userId, workspaceId: ws.id, lastSeq: count } });
  const rows = Array.from({ length: count }, (_, i) => {
    const role = i % 2 === 0 ? "user" : "assistant";
    const text = `${role} message ${i}: working through src/module${i % 97}/file.ts and the checklist in migration.md.`;
    return {
      id: `${thread.id}-m${i}`,
      threadId: thread.id,
      seq: i + 1,
      role,
      text,
      tokens: 24,
      parts: JSON.stringify([{ type: "text", text }]),
    };
  });
  for (let i = 0; i < rows.length; i += 5000) await db().message.createMany({ data: rows.slice(i, i + 5000) });
  const cutIndex = Math.max(0, count - RECENT) - (Math.max(0, count - RECENT) % 2); // a user message
  await db().summary.create({
    data: {
      threadId: thread.id,
      text: "## Goal\nMigrate callers.\n## Open items\n- src/cli/accounts.ts",
      tokens: 20,
      cutMessageId: rows[cutIndex].id,
      status: "active",
    },
  });
  return thread.id;
}

async function ourPath(threadId: string) {
  const input = await buildModelInput(await loadWindow(threadId), {}, () => loadRunTranscript(threadId));
  if (!input.windowApplied) throw new Error(`window not applied: ${input.reason}`);
  return input.messages.length;
}

async function loadEverything(threadId: string) {
  const rows = await db().message.findMany({ where: { threadId, deletedAt: null }, orderBy: { seq: "asc" } });
  const ui: UIMessage[] = rows.map((r) => ({ id: r.id, role: r.role as UIMessage["role"], parts: JSON.parse(r.parts) }));
  return (await convertToModelMessages(ui)).length;
}

export async function benchContextBuild(): Promise<string> {
  const { db: client, cleanup } = await benchDatabase();
  try {
    const user = await client.user.create({ data: {} });
    const results: Array<Record<string, string | number>> = [];
    let base: number | null = null;
    for (const size of SIZES) {
      const threadId = await seedThread(user.id, size);
      const runs = size >= 100_000 ? 5 : 15;
      if (base === null) for (let i = 0; i < 50; i++) await ourPath(threadId); // JIT warm-up before the first figure
      const ours = await median(runs, () => ourPath(threadId));
      const everything = await median(runs, () => loadEverything(threadId));
      base ??= ours;
      results.push({
        messages: size,
        "ours ms": ours.toFixed(2),
        "load-all ms": everything.toFixed(2),
        "load-all / ours": (everything / ours).toFixed(1) + "x",
        "ours vs ours@100": (ours / base).toFixed(2) + "x",
      });
    }
    return table(results);
  } finally {
    await cleanup();
  }
}
