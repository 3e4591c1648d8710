import { generateText, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createOfflineModel } from "@/lib/ai/offline";

function workspaceTools(files: Map<string, { content: string; version: number }>) {
  return {
    write_file: tool({
      description: "Create or replace a file",
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: async ({ path, content }) => {
        const version = (files.get(path)?.version ?? 0) + 1;
        files.set(path, { content, version });
        return { ok: true, version };
      },
    }),
    read_file: tool({
      description: "Read a file",
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => files.get(path) ?? { error: "not found" },
    }),
  };
}

describe("offline model tool calls", () => {
  it("`write <path>` + fenced block runs the real write_file tool, then reports the result", async () => {
    const files = new Map([["migration.md", { content: "old", version: 1 }]]);
    const steps: string[] = [];
    const result = streamText({
      model: createOfflineModel({ delayMs: 0 }),
      prompt: "Save the checklist.\nwrite migration.md\n```markdown\n- [ ] move tables\n- [x] plan\n```",
      tools: workspaceTools(files),
      stopWhen: stepCountIs(5),
      onStepEnd: (step) => void steps.push(step.finishReason),
    });
    const inputDeltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "tool-input-delta") inputDeltas.push(part.delta);

    expect(files.get("migration.md")).toEqual({ content: "- [ ] move tables\n- [x] plan", version: 2 });
    expect(inputDeltas.length).toBeGreaterThan(1);
    expect(JSON.parse(inputDeltas.join(""))).toEqual({ path: "migration.md", content: "- [ ] move tables\n- [x] plan" });
    // One tool step, then one text step that ends the turn instead of calling tools again.
    expect(steps).toEqual(["tool-calls", "stop"]);
    const final = (await result.steps).at(-1)!;
    expect(final.text).toBe('write_file migration.md: {"ok":true,"version":2}');
    expect(final.toolCalls).toHaveLength(0);
  });

  it("runs several directives as several tool calls in one step", async () => {
    const files = new Map([["plan.md", { content: "the plan", version: 3 }]]);
    const result = await generateText({
      model: createOfflineModel({ delayMs: 0 }),
      prompt: "read plan.md\nwrite notes/a.md\n```\nA\n```",
      tools: workspaceTools(files),
      stopWhen: stepCountIs(5),
    });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0].toolCalls.map((c) => c.toolName)).toEqual(["read_file", "write_file"]);
    expect(result.text).toBe('read_file plan.md: {"content":"the plan","version":3}\nwrite_file notes/a.md: {"ok":true,"version":1}');
    expect(files.get("notes/a.md")?.content).toBe("A");
  });

  it("only calls tools that are offered and says what it skipped", async () => {
    const files = new Map<string, { content: string; version: number }>();
    const result = await generateText({
      model: createOfflineModel({ delayMs: 0 }),
      prompt: "delete plan.md\nread plan.md",
      tools: { read_file: workspaceTools(files).read_file },
      stopWhen: stepCountIs(5),
    });
    expect(result.steps[0].toolCalls.map((c) => c.toolName)).toEqual(["read_file"]);
    expect(result.steps[0].text).toContain("skipped: delete_file");
  });

  it("does not call tools when toolChoice is none", async () => {
    const files = new Map<string, { content: string; version: number }>();
    const result = await generateText({
      model: createOfflineModel({ delayMs: 0 }),
      prompt: "write a.md\n```\nx\n```",
      tools: workspaceTools(files),
      toolChoice: "none",
      stopWhen: stepCountIs(5),
    });
    expect(result.steps).toHaveLength(1);
    expect(files.size).toBe(0);
  });

  it("reports tool errors in the follow-up text", async () => {
    const result = await generateText({
      model: createOfflineModel({ delayMs: 0 }),
      prompt: "read missing.md",
      tools: {
        read_file: tool({
          inputSchema: z.object({ path: z.string() }),
          execute: async (): Promise<string> => {
            throw new Error("File not found: missing.md");
          },
        }),
      },
      stopWhen: stepCountIs(5),
    });
    // The SDK passes the error as error-text ("Error: ..."); the reply marks it as an error.
    expect(result.text).toMatch(/^read_file missing\.md: error: (Error: )?File not found: missing\.md$/);
  });
});
