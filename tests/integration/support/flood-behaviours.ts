import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import type { OfflineBehaviour, OfflineStep } from "@/lib/ai/offline/behaviours";

/*
 * A model that never stops calling tools (registered in the offline model by turn-bounds.test.ts):
 * to a message with the line `flood <n> reads per step`, every step, the first and each one after
 * tool results, asks for n `read_file` calls. The general offline model calls tools in one step
 * only, so this is what takes a turn past MAX_TOOL_CALLS_PER_TURN over several steps.
 */
const FLOOD_LINE = /^flood (\d{1,4}) reads per step$/m;

function floodStep(prompt: LanguageModelV4Prompt, offered: ReadonlySet<string>): OfflineStep | null {
  if (!offered.has("read_file")) return null;
  const lastUser = prompt.findLastIndex((m) => m.role === "user");
  const user = prompt[lastUser];
  if (!user || user.role !== "user") return null;
  const text = user.content.map((p) => (p.type === "text" ? p.text : "")).join("\n");
  const match = FLOOD_LINE.exec(text);
  if (!match) return null;
  const step = prompt.slice(lastUser).filter((m) => m.role === "tool").length;
  const toolCalls = Array.from({ length: Number(match[1]) }, (_, i) => ({
    toolName: "read_file",
    input: { path: `flood/s${step}-${i}.md` },
  }));
  return { text: `Step ${step + 1}: reading ${toolCalls.length} files.`, toolCalls };
}

export const offlineBehaviours: OfflineBehaviour[] = [{ name: "tool-call flood over steps", reply: floodStep }];
