import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { createOfflineModel, OFFLINE_NOTICE } from "@/lib/ai/offline";
import { parseSummarizerInput, parseSummarySections } from "@/lib/ai/offline/summarizer-protocol";
import { buildSummarizerPrompt, SUMMARIZER_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import { getChatModel, getSummaryModel } from "@/lib/ai/registry";

async function summarize(previousSummary: string | null, messages: { role: string; text: string }[]) {
  const { text } = await generateText({
    model: createOfflineModel({ delayMs: 0, role: "summarizer" }),
    system: SUMMARIZER_SYSTEM_PROMPT,
    prompt: buildSummarizerPrompt({ previousSummary, messages }),
  });
  return text;
}

const conversation = [
  { role: "user", text: "Migrate the billing service from REST to gRPC. Keep the old endpoints until v3 ships." },
  {
    role: "assistant",
    text: `${OFFLINE_NOTICE}\n\nWe decided to use \`protoc-gen-ts\` for codegen. See https://grpc.io/docs/languages/node/ for details.`,
  },
  {
    role: "user",
    text: "- [x] write plan.md\n- [ ] port invoiceService to services/billing/invoice.ts\nTODO: update OPENAI_API_KEY docs\nThe schema step is done.",
  },
];

describe("offline summarizer", () => {
  it("does not take its own canned reply, which quotes the user, for a decision", async () => {
    const text = await summarize(null, [
      { role: "user", text: "Please keep loadAccount stable." },
      {
        role: "assistant",
        text: `${OFFLINE_NOTICE}\n\nYou said: "Please keep loadAccount stable." This is a fixed reply to user message 1 (310 tokens of context); I cannot reason offline.`,
      },
    ]);
    expect(parseSummarySections(text).Decisions).toEqual(["Please keep loadAccount stable."]);
    expect(text).not.toContain("fixed reply");
  });

  it("writes the six sections with goal, decisions, files, done, open items and names", async () => {
    const text = await summarize(null, conversation);
    const sections = parseSummarySections(text);
    expect(Object.keys(sections)).toEqual(["Goal", "Decisions", "Files produced", "Done", "Open items", "Names and paths"]);
    expect(sections.Goal).toEqual(["Migrate the billing service from REST to gRPC."]);
    expect(sections.Decisions).toEqual(["Keep the old endpoints until v3 ships.", "We decided to use `protoc-gen-ts` for codegen."]);
    expect(sections["Files produced"]).toEqual(["plan.md", "services/billing/invoice.ts"]);
    expect(sections.Done).toEqual(["[x] write plan.md", "The schema step is done."]);
    expect(sections["Open items"]).toEqual(["[ ] port invoiceService to services/billing/invoice.ts", "TODO: update OPENAI_API_KEY docs"]);
    expect(sections["Names and paths"]).toEqual(
      expect.arrayContaining([
        "protoc-gen-ts",
        "https://grpc.io/docs/languages/node/",
        "plan.md",
        "services/billing/invoice.ts",
        "invoiceService",
        "OPENAI_API_KEY",
      ]),
    );
    // The offline notice is not conversation content.
    expect(text).not.toContain("Offline model");
    expect(sections["Names and paths"]).not.toContain("CHAT_MODEL");
  });

  it("keeps every one of 101 paths", async () => {
    const paths = Array.from({ length: 101 }, (_, i) =>
      i % 3 === 0 ? `src/module-${i}/file_${i}.ts` : i % 3 === 1 ? `./docs/part${i}/notes-${i}.md` : `app/api/threads/[id]/route${i}.tsx`,
    );
    const text = await summarize(null, [
      { role: "user", text: "Track all of these files." },
      { role: "assistant", text: paths.map((p, i) => `Step ${i}: touched ${p}, fine.`).join("\n") },
    ]);
    const names = parseSummarySections(text)["Names and paths"] ?? [];
    for (const p of paths) expect(names).toContain(p);
  });

  it("folds a previous summary in: keeps its goal, merges lists and closes open items that got done", async () => {
    const previous = [
      "## Goal",
      "Ship the v2 exporter.",
      "## Decisions",
      "- Use CSV, not XLSX.",
      "## Files produced",
      "- exporter/plan.md",
      "## Done",
      "- (none)",
      "## Open items",
      "- [ ] add tests",
      "- [ ] write docs",
      "## Names and paths",
      "- exportRows",
    ].join("\n");
    const text = await summarize(previous, [{ role: "user", text: "Progress:\n- [x] add tests\nNext we should add exporter/cli.ts" }]);
    const s = parseSummarySections(text);
    expect(s.Goal).toEqual(["Ship the v2 exporter."]);
    expect(s.Decisions).toEqual(["Use CSV, not XLSX.", "Next we should add exporter/cli.ts"]);
    expect(s["Files produced"]).toEqual(["exporter/plan.md", "exporter/cli.ts"]);
    expect(s.Done).toEqual(["[x] add tests"]);
    expect(s["Open items"]).toEqual(["[ ] write docs"]);
    expect(s["Names and paths"]).toEqual(["exportRows", "exporter/cli.ts"]);
  });

  it("marks empty sections instead of dropping them", async () => {
    const text = await summarize(null, [{ role: "user", text: "Hello there." }]);
    expect(text).toContain("## Decisions\n- (none)");
    expect(text).toContain("## Goal\nHello there.");
  });
});

describe("summarizer input protocol", () => {
  it("round-trips previous summary and messages, even with tags inside the text", () => {
    const messages = [
      { role: "user", text: "line one\nline two" },
      { role: "assistant", text: "sneaky </message> and </conversation>" },
    ];
    const parsed = parseSummarizerInput(buildSummarizerPrompt({ previousSummary: "## Goal\nG", messages }));
    expect(parsed?.previousSummary).toBe("## Goal\nG");
    expect(parsed?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(parsed?.messages[0].text).toBe("line one\nline two");
    expect(parsed?.messages[1].text).toContain("sneaky");
  });
});

describe("offline summarizer latency", () => {
  it("takes summaryDelayMs like a remote summarizer, and an abort ends the wait", async () => {
    const model = createOfflineModel({ delayMs: 0, summaryDelayMs: 300, role: "summarizer" });
    const call = () =>
      generateText({
        model,
        system: SUMMARIZER_SYSTEM_PROMPT,
        prompt: buildSummarizerPrompt({ previousSummary: null, messages: conversation }),
      });
    const t0 = performance.now();
    await call();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    const controller = new AbortController();
    const aborted = generateText({ model, system: SUMMARIZER_SYSTEM_PROMPT, prompt: "x", abortSignal: controller.signal, maxRetries: 0 });
    setTimeout(() => controller.abort(), 20);
    const t1 = performance.now();
    await expect(aborted).rejects.toThrow();
    expect(performance.now() - t1).toBeLessThan(250);
  });
});

describe("which offline instance summarizes", () => {
  it("is the registry's choice, not a marker in the prompt: the chat instance answers the same prompt as a chat", async () => {
    const prompt = buildSummarizerPrompt({ previousSummary: null, messages: conversation });
    const asChat = await generateText({ model: getChatModel().model, system: SUMMARIZER_SYSTEM_PROMPT, prompt });
    const asSummarizer = await generateText({ model: getSummaryModel().model, system: SUMMARIZER_SYSTEM_PROMPT, prompt });
    expect(asChat.text).toContain(OFFLINE_NOTICE);
    expect(asChat.text).not.toMatch(/^## Goal/m);
    expect(parseSummarySections(asSummarizer.text).Goal?.[0]).toContain("Migrate the billing service");
  });
});
