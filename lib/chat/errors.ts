import { APICallError } from "ai";
import { isContextOverflowError } from "@/lib/ai/overflow";

/** What the person reads in the transcript when a model call fails. Never leaks keys or stacks. */
export function describeModelError(error: unknown): string {
  if (isContextOverflowError(error)) {
    return "The conversation no longer fits the model's context window. Earlier messages will be summarized in the background; retry in a moment.";
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ? ` (HTTP ${error.statusCode})` : "";
    return `The model provider returned an error${status}: ${error.message.slice(0, 300)}`;
  }
  if (error instanceof Error && error.name === "AbortError") return "Stopped.";
  return error instanceof Error ? `The model call failed: ${error.message.slice(0, 300)}` : "The model call failed.";
}
