import { APICallError } from "ai";
import { isContextOverflowError } from "@/lib/ai/overflow";

/** What the person reads in the transcript when a model call fails. Never leaks keys, hosts or stacks. */
export function describeModelError(error: unknown): string {
  if (isContextOverflowError(error)) {
    return "The conversation no longer fits the model's context window. Earlier messages will be summarized in the background; retry in a moment.";
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ? ` (HTTP ${error.statusCode})` : "";
    return `The model provider returned an error${status}: ${error.message.slice(0, 300)}`;
  }
  if (error instanceof Error && error.name === "AbortError") return "Stopped.";
  // Anything else is ours (database, network, a bug): its text may name internal hosts or paths.
  console.error("[model call failed]", error);
  return "The model call failed on the server. Nothing you sent was lost; please retry.";
}
