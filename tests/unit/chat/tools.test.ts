import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { agentTools, type ToolContext } from "@/lib/chat/tools";

const context = (n: number): ToolContext => ({
  userId: `user_${n}`,
  threadId: `thread_${n}`,
  workspaceId: `ws_${n}`,
  assistantMessageId: `msg_${n}`,
  answeredMessageId: null,
  runId: null,
});

describe("the agent's tools", () => {
  it("share each input schema across turns, so its JSON Schema is converted once per process", () => {
    const [first, second] = [agentTools(context(1)), agentTools(context(2))];
    expect(Object.keys(second)).toEqual(Object.keys(first));
    for (const name of Object.keys(first)) {
      expect(second[name].inputSchema, name).toBe(first[name].inputSchema);
      expect(asSchema(second[name].inputSchema), name).toBe(asSchema(first[name].inputSchema));
    }
    expect(asSchema(first.read_file.inputSchema).jsonSchema).toMatchObject({ type: "object", required: ["path"] });
    expect(asSchema(first.send_email.inputSchema).jsonSchema).toMatchObject({ required: ["to", "subject", "body"] });
  });
});
