import { tool, type ToolExecutionOptions } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolBudget } from "@/lib/chat/tool-budget";

describe("the tool budget", () => {
  it("runs at most perStep calls a step and perTurn a turn, refuses the rest, and knows which ran", async () => {
    const ran: string[] = [];
    const tools = {
      read_file: tool({
        inputSchema: z.object({}),
        execute: async (_input, { toolCallId }) => {
          ran.push(toolCallId);
          return "ok";
        },
      }),
    };
    const budget = toolBudget(tools, { perStep: 2, perTurn: 3 });
    const call = (toolCallId: string) =>
      budget.tools.read_file.execute!({}, { toolCallId, messages: [] } as unknown as ToolExecutionOptions<never>);

    budget.startStep();
    expect(await call("a")).toBe("ok");
    expect(await call("b")).toBe("ok");
    expect(await call("c")).toMatchObject({
      ok: false,
      error: "tool_call_limit",
      message: expect.stringMatching(/at most 2 tool calls run in one step/),
    });
    budget.startStep();
    expect(await call("d")).toBe("ok");
    expect(await call("e")).toMatchObject({ error: "tool_call_limit", message: expect.stringMatching(/limit of 3 tool calls/) });

    expect(ran).toEqual(["a", "b", "d"]);
    expect([...budget.started]).toEqual(["a", "b", "d"]);
  });
});
