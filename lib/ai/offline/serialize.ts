import type { LanguageModelV4Message, LanguageModelV4Prompt } from "@ai-sdk/provider";

/*
 * How the offline model sees a prompt. Each message becomes one segment that starts with
 * "[role]" and ends with "\n". With o200k's pre-tokenizer no token can span "\n" followed by "[",
 * so tokens(whole prompt) == concat(tokens(segment)) — which lets the prompt cache work per message
 * and still report exactly countTokens(serializePrompt(prompt)). tests/unit/ai checks this
 * property on random text.
 */

export function promptSegments(prompt: LanguageModelV4Prompt): string[] {
  return prompt.map(serializeMessage);
}

export function serializePrompt(prompt: LanguageModelV4Prompt): string {
  return promptSegments(prompt).join("");
}

function serializeMessage(message: LanguageModelV4Message): string {
  const lines: string[] = [`[${message.role}]`];
  if (message.role === "system") {
    lines.push(message.content);
  } else {
    for (const part of message.content) lines.push(serializePart(part));
  }
  return lines.join("\n") + "\n";
}

type AnyPart = Exclude<LanguageModelV4Message, { role: "system" }>["content"][number];

function serializePart(part: AnyPart): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "reasoning":
      return `[reasoning] ${part.text}`;
    case "tool-call":
      return `[tool-call ${part.toolName}] ${json(part.input)}`;
    case "tool-result":
      return `[tool-result ${part.toolName}] ${json(part.output)}`;
    case "file":
      return `[file ${part.mediaType}${part.filename ? ` ${part.filename}` : ""}]`;
    case "reasoning-file":
      return `[reasoning-file ${part.mediaType}]`;
    case "tool-approval-response":
      return `[tool-approval-response ${part.approved ? "approved" : "denied"}]`;
    case "custom":
      return `[custom ${part.kind}]`;
  }
}

/** providerOptions are transport hints, not prompt content, and would make counts provider-dependent. */
export function json(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key === "providerOptions" ? undefined : v)) ?? "null";
}

export type EchoedPart =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "tool-call"; toolName: string; input: unknown }
  | { type: "tool-result"; toolName: string; output: unknown }
  | { type: "file"; mediaType: string; filename?: string; data: string }
  | { type: string };

export type EchoedPrompt = {
  system: string;
  messages: { role: string; parts: EchoedPart[] }[];
};

/** The `echo input` view: what the model received, minus ids and provider options. */
export function describePrompt(prompt: LanguageModelV4Prompt): EchoedPrompt {
  const system: string[] = [];
  const messages: EchoedPrompt["messages"] = [];
  for (const message of prompt) {
    if (message.role === "system") {
      system.push(message.content);
      continue;
    }
    messages.push({ role: message.role, parts: message.content.map(echoPart) });
  }
  return { system: system.join("\n\n"), messages };
}

function echoPart(part: AnyPart): EchoedPart {
  switch (part.type) {
    case "text":
    case "reasoning":
      return { type: part.type, text: part.text };
    case "tool-call":
      return { type: "tool-call", toolName: part.toolName, input: part.input };
    case "tool-result":
      return { type: "tool-result", toolName: part.toolName, output: part.output };
    case "file":
      // Which file arrived and how, never its bytes: "data" (bytes inline), "url" or "reference".
      return { type: "file", mediaType: part.mediaType, filename: part.filename, data: part.data.type };
    default:
      return { type: part.type };
  }
}

/** Text of a message's text parts; what directives and replies are computed from. */
export function messageText(message: LanguageModelV4Message): string {
  if (message.role === "system") return message.content;
  const texts: string[] = [];
  for (const part of message.content) if (part.type === "text") texts.push(part.text);
  return texts.join("\n");
}
