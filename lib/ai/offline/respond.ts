import type { LanguageModelV4CallOptions, LanguageModelV4Message, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import type { OfflineBehaviour } from "./behaviours";
import { parseDirectives, type Directive } from "./directives";
import { contextOverflowError, offlineServerError } from "./errors";
import { OFFLINE_NOTICE } from "./notice";
import { describePrompt, json, messageText } from "./serialize";
import { summarizeOffline } from "./summarizer";
import { titleReply } from "./titler";
import { planRecallStep } from "./recall";
import { planRoutineReply } from "./routine";

type ToolMessage = Extract<LanguageModelV4Message, { role: "tool" }>;

export type OfflineToolCall = { toolName: string; input: Record<string, unknown> };

/** "slow" is for `long <n>`: one small delta at a time, so a UI can stop it mid-stream. */
export type OfflineReply = { text: string; toolCalls: OfflineToolCall[]; pace: "normal" | "slow" };

export type ReplyContext = {
  options: LanguageModelV4CallOptions;
  inputTokens: number;
  contextWindow: number;
  /** True the first time a given `overflow once` message is seen by this model instance. */
  firstOverflow: (messageText: string) => boolean;
  /** The model instance's job (see OfflineModelOptions.role). */
  role: "chat" | "summarizer" | "titler";
  /** Registered by a test harness (behaviours.ts), none in the app; asked before the general replies. */
  behaviours: readonly OfflineBehaviour[];
};

/** Decides what the offline model answers. Throws provider-shaped errors for `fail` / `overflow`. */
export function planReply(ctx: ReplyContext): OfflineReply {
  const { prompt } = ctx.options;
  if (ctx.role === "summarizer") {
    return { text: summarizeOffline(prompt), toolCalls: [], pace: "normal" };
  }
  if (ctx.role === "titler") return { text: titleReply(prompt), toolCalls: [], pace: "normal" };
  const last = prompt[prompt.length - 1];
  for (const behaviour of ctx.behaviours) {
    const step = behaviour.reply(prompt, offeredTools(ctx.options));
    if (!step) continue;
    // Like every fresh reply, one to a person's message starts with the notice.
    const text = last?.role === "tool" ? step.text : `${OFFLINE_NOTICE}\n\n${step.text}`;
    return { text, toolCalls: step.toolCalls, pace: "normal" };
  }
  const routine = planRoutineReply(prompt, offeredTools(ctx.options));
  if (routine) return routine;
  const recall = last?.role === "tool" ? planRecallStep(prompt, offeredTools(ctx.options)) : null;
  if (recall) return { ...recall, pace: "normal" };
  if (last?.role === "tool") return { text: summarizeToolResults(prompt, last), toolCalls: [], pace: "normal" };

  const lastUser = [...prompt].reverse().find((m) => m.role === "user");
  const userText = lastUser ? messageText(lastUser) : "";
  const { directives, problems } = parseDirectives(userText);
  for (const d of directives) {
    if (d.kind === "fail") throw offlineServerError(requestBody(ctx));
    if (d.kind === "overflow" && (!d.once || ctx.firstOverflow(userText))) {
      throw contextOverflowError(ctx.contextWindow, ctx.inputTokens, requestBody(ctx));
    }
  }

  const offered = offeredTools(ctx.options);
  const blocks: string[] = [OFFLINE_NOTICE];
  const toolCalls: OfflineToolCall[] = [];
  const skipped: string[] = [];
  let pace: OfflineReply["pace"] = "normal";
  for (const d of directives) {
    if (d.kind === "echo") blocks.push("```json\n" + JSON.stringify(describePrompt(prompt), null, 2) + "\n```");
    if (d.kind === "long") {
      pace = "slow";
      blocks.push(Array.from({ length: d.lines }, (_, i) => `Line ${i + 1} of ${d.lines}.`).join("\n"));
    }
    if (d.kind === "tool" || d.kind === "call") {
      if (offered.has(d.toolName)) toolCalls.push({ toolName: d.toolName, input: d.input });
      else skipped.push(d.toolName);
    }
  }
  if (toolCalls.length) blocks.push(`Calling ${toolCalls.map(describeCall).join(", ")}.`);
  if (skipped.length) blocks.push(`Not offered in this request, skipped: ${unique(skipped).join(", ")}.`);
  blocks.push(...problems);
  if (!directives.some(producesOutput) && problems.length === 0) blocks.push(defaultAnswer(userText, prompt, ctx.inputTokens));
  return { text: blocks.join("\n\n"), toolCalls, pace };
}

function producesOutput(d: Directive): boolean {
  return d.kind === "echo" || d.kind === "long" || d.kind === "tool" || d.kind === "call";
}

/** toolChoice "none" means the caller wants text only, like a real provider. */
function offeredTools(options: LanguageModelV4CallOptions): Set<string> {
  if (options.toolChoice?.type === "none") return new Set();
  return new Set((options.tools ?? []).filter((t) => t.type === "function").map((t) => t.name));
}

function defaultAnswer(userText: string, prompt: LanguageModelV4Message[], inputTokens: number): string {
  const flat = userText.replace(/\s+/g, " ").trim();
  const excerpt = flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
  const turn = prompt.filter((m) => m.role === "user").length;
  const heard = excerpt ? `You said: "${excerpt}"` : "You sent an empty message.";
  return `${heard} This is a fixed reply to user message ${turn} (${inputTokens} tokens of context); I cannot reason offline.`;
}

/** The tool loop is continuing: report each result compactly and end the turn. */
function summarizeToolResults(prompt: LanguageModelV4Message[], toolMessage: ToolMessage): string {
  const inputs = new Map<string, unknown>();
  for (const m of prompt) {
    if (m.role !== "assistant") continue;
    for (const p of m.content) if (p.type === "tool-call") inputs.set(p.toolCallId, p.input);
  }
  const lines: string[] = [];
  for (const part of toolMessage.content) {
    if (part.type !== "tool-result") continue;
    const input = inputs.get(part.toolCallId);
    const path = isRecord(input) && typeof input.path === "string" ? ` ${input.path}` : "";
    lines.push(`${part.toolName}${path}: ${renderOutput(part.output)}`);
  }
  return lines.join("\n") || "No tool results.";
}

const MAX_RESULT_CHARS = 300;

function renderOutput(output: LanguageModelV4ToolResultOutput): string {
  let text: string;
  switch (output.type) {
    case "text":
      text = output.value;
      break;
    case "json":
      text = json(output.value);
      break;
    case "error-text":
      text = `error: ${output.value}`;
      break;
    case "error-json":
      text = `error: ${json(output.value)}`;
      break;
    case "execution-denied":
      text = `denied${output.reason ? `: ${output.reason}` : ""}`;
      break;
    case "content":
      text = output.value.map((v) => (v.type === "text" ? v.text : `[${v.type}]`)).join(" ");
      break;
  }
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_RESULT_CHARS ? `${flat.slice(0, MAX_RESULT_CHARS)}…` : flat;
}

function describeCall(call: OfflineToolCall): string {
  return typeof call.input.path === "string" ? `${call.toolName} (${call.input.path})` : call.toolName;
}

function requestBody(ctx: ReplyContext): unknown {
  return { model: "offline", messages: ctx.options.prompt.length };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
