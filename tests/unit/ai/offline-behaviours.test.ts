import { generateText, tool } from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createOfflineModel, OFFLINE_NOTICE } from "@/lib/ai/offline";

// Test-only replies reach the offline model only when a harness registers them from outside the
// app (tests/support/work-mode.preload.mjs); the general model knows nothing of the resume
// fixture's work mode.

const REGISTRY = Symbol.for("longrun-chat.offline-behaviours");
const registry = globalThis as Record<symbol, unknown>;
const noExecute = (description: string) => tool({ description, inputSchema: z.object({}).passthrough() });
const tools = {
  read_file: noExecute("Read a file"),
  edit_file: noExecute("Edit a file"),
  list_actions: noExecute("List actions"),
  send_email: noExecute("Send an email"),
};

async function firstStep() {
  const result = await generateText({ model: createOfflineModel({ delayMs: 0 }), prompt: "Migrate it.\n\nwork migration.md", tools });
  return result.steps[0]!;
}

describe("offline behaviours registered from outside the app", () => {
  let before: unknown;
  beforeEach(() => {
    before = registry[REGISTRY];
    delete registry[REGISTRY];
  });
  afterEach(() => {
    registry[REGISTRY] = before;
  });

  it("the general model has no work mode: a `work` line gets the fixed reply and no tool call", async () => {
    const step = await firstStep();
    expect(step.toolCalls).toHaveLength(0);
    expect(step.text).toContain("I cannot reason offline");
  });

  it("after the preload the resume fixture's work mode answers first, after the notice", async () => {
    await import("../../support/work-mode.preload.mjs");
    const step = await firstStep();
    expect(step.text).toBe(`${OFFLINE_NOTICE}\n\nWorking from migration.md: reading the plan.`);
    expect(step.toolCalls.map((c) => [c.toolName, c.input])).toEqual([["read_file", { path: "migration.md" }]]);
  });
});
