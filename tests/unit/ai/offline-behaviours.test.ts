import { generateText, tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createOfflineModel, OFFLINE_NOTICE } from "@/lib/ai/offline";
import { behavioursFile, offlineBehaviours } from "@/lib/ai/offline/behaviours";

// Test-only replies reach the offline model through OFFLINE_BEHAVIOURS alone; the general model
// knows nothing of the resume fixture's work mode.

const RESUME = "bench/resume/offline-behaviours.ts";
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

describe("offline behaviours loaded for tests", () => {
  afterEach(() => {
    delete process.env.OFFLINE_BEHAVIOURS;
  });

  it("accepts only a module inside tests/ or bench/", () => {
    expect(behavioursFile(RESUME, "/repo")).toBe(`/repo/${RESUME}`);
    expect(behavioursFile("tests/support/x.ts", "/repo")).toBe("/repo/tests/support/x.ts");
    for (const refused of ["lib/ai/offline/model.ts", "../bench/x.ts", "bench/../lib/x.ts", "/etc/x.ts", "bench", "testsx/a.ts"]) {
      expect(() => behavioursFile(refused, "/repo"), refused).toThrow(/OFFLINE_BEHAVIOURS must name a module under tests\/ or bench\//);
    }
  });

  it("the general model has no work mode: a `work` line gets the fixed reply and no tool call", async () => {
    const step = await firstStep();
    expect(step.toolCalls).toHaveLength(0);
    expect(step.text).toContain("I cannot reason offline");
  });

  it("with OFFLINE_BEHAVIOURS the resume fixture's work mode answers first, after the notice", async () => {
    process.env.OFFLINE_BEHAVIOURS = RESUME;
    const step = await firstStep();
    expect(step.text).toBe(`${OFFLINE_NOTICE}\n\nWorking from migration.md: reading the plan.`);
    expect(step.toolCalls.map((c) => [c.toolName, c.input])).toEqual([["read_file", { path: "migration.md" }]]);
  });

  it("refuses a module that does not export offlineBehaviours", async () => {
    await expect(offlineBehaviours({ OFFLINE_BEHAVIOURS: "bench/resume/fixture.ts" })).rejects.toThrow(/must export offlineBehaviours/);
  });
});
