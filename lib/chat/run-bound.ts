import { CHAT_SYSTEM_PROMPT_TOKENS } from "@/lib/ai/prompts";
import type { ModelHandle } from "@/lib/ai/registry";
import { config } from "@/lib/config";
import { toolResultBaseCap, type BoundedSpan, type RunBound } from "@/lib/context";
import { RECALL_TOOL_NAMES } from "@/lib/search/recall-tools";
import { INPUT_SHARE_OF_WINDOW } from "./bounded-input";
import { AGENT_TOOLS_TOKENS } from "./tools";

const [SEARCH_TOOL, READ_TOOL] = RECALL_TOOL_NAMES;

/** What a request without its older messages tells the model (lib/context/bounded-span.ts). */
const RECALL_NOTE =
  `Older messages of this conversation are left out of this request: with them it would not fit the context window, ` +
  `and a summary of them is being written. They are still stored: find them with ${SEARCH_TOOL} and read them with ` +
  `${READ_TOOL} before relying on what they said.`;

/** countTokens(RECALL_NOTE), kept exact by tests/unit/chat/run-bound.test.ts (no tokenizer on the inspector's path). */
const RECALL_NOTE_TOKENS = 54;

/**
 * The limit a request without a summary is held to, for this model: its context window less the
 * reply's share (the tool results' bound uses the same share). A model whose window the app
 * cannot know is held to COMPACT_AT_INPUT_TOKENS, the stand-in the compaction threshold uses too.
 * `moreToolTokens`: the definitions of tools beyond the built-in ones (a turn's MCP tools).
 */
export function runBoundFor(model: Pick<ModelHandle, "contextWindow">, moreToolTokens = 0): RunBound {
  const c = config();
  return {
    limitTokens: model.contextWindow ? Math.floor(model.contextWindow * INPUT_SHARE_OF_WINDOW) : c.COMPACT_AT_INPUT_TOKENS,
    fixedTokens: CHAT_SYSTEM_PROMPT_TOKENS + AGENT_TOOLS_TOKENS + moreToolTokens,
    recentTokens: c.CONTEXT_RECENT_TOKENS,
    note: { text: RECALL_NOTE, tokens: RECALL_NOTE_TOKENS },
    pinBudgetTokens: c.PIN_MAX_TOKENS,
    toolResultCapTokens: toolResultBaseCap({ setting: c.TOOL_RESULT_MAX_TOKENS, contextWindow: model.contextWindow }),
  };
}

/** How a request's record (ModelCall.summarySkippedReason) says that it carried a bounded span. */
export function boundedSpanReason(span: BoundedSpan): string {
  return `the whole run would not fit the context window, so ${span.omittedMessages} older messages were left out (reachable through ${SEARCH_TOOL} and ${READ_TOOL})`;
}
