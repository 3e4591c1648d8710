import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import type { OfflineToolCall } from "./respond";

/*
 * The offline model's one extension point (README.md, "Behaviours registered from outside"). What
 * lib/ai/offline does is general: the same for any person, naming no test's files or wording. A
 * reply scripted for one fixture (the resume harness's work mode) lives under tests/ or bench/, and
 * whoever runs that fixture puts it in this process's registry, the array at
 * globalThis[Symbol.for("longrun-chat.offline-behaviours")], before the model's first call: vitest's
 * setup file, a Node `--import` preload on the e2e servers, the bench itself. The app registers
 * none and loads no module for it, so the build holds no test module and no loader of one.
 */

/** One step of a reply: text, and the tool calls to make (none ends the turn). */
export type OfflineStep = { text: string; toolCalls: OfflineToolCall[] };

export type OfflineBehaviour = {
  name: string;
  /** Null: not this behaviour's message, and the general model answers. Must be pure. */
  reply(prompt: LanguageModelV4Prompt, offered: ReadonlySet<string>): OfflineStep | null;
};

const REGISTRY = Symbol.for("longrun-chat.offline-behaviours");

/** The behaviours registered in this process (none in the app). */
export function offlineBehaviours(): readonly OfflineBehaviour[] {
  const list = (globalThis as Record<symbol, unknown>)[REGISTRY];
  return Array.isArray(list) ? (list as OfflineBehaviour[]) : [];
}
