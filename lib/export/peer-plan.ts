import { AppError } from "@/lib/errors";
import { validateBody } from "@/lib/http/parse-body";
import { exportSchema, MAX_THREADS } from "./format";
import type { ImportSource } from "./import-detect";
import { planImport, type ImportOptions } from "./import-plan";
import type { PlanSpool } from "./plan-spool";
import { chatGptConversations, chatGptConversationSchema } from "./peers/chatgpt";
import { claudeConversations, claudeConversationSchema } from "./peers/claude";
import { peerExportDoc, type PeerConversation } from "./peers/peer-doc";

/*
 * ChatGPT's and Claude's conversations.json planned one conversation at a time, as the JSON stream
 * hands them over (lib/export/json-stream.ts): each is validated, reduced to our format and
 * planned (lib/export/import-plan.ts) on its own (a peer's conversations never refer to each
 * other), and only the plan's rows are kept, on disk (plan-spool.ts), never the parsed conversation. Which export it is
 * comes from the first conversation: ChatGPT's message tree (`mapping`) or Claude's `chat_messages`.
 * Nothing is written here; lib/export/import.ts writes the whole plan in one transaction.
 */

type PeerKind = Exclude<ImportSource, "longrun-chat">;

const READERS = {
  chatgpt: (v: unknown, i: number) => chatGptConversations([validateBody(chatGptConversationSchema, v, [i])]),
  claude: (v: unknown, i: number) => claudeConversations([validateBody(claudeConversationSchema, v, [i])]),
} satisfies Record<PeerKind, (v: unknown, i: number) => PeerConversation[]>;

/** Plans each conversation as it comes and adds its rows to `spool`; only the rows are kept, on disk. */
export function peerPlanner(opts: Omit<ImportOptions, "hash">, now: Date, spool: PlanSpool) {
  let kind: PeerKind | null = null;
  return {
    add(value: unknown, index: number) {
      kind ??= kindOf(value);
      const doc = validateBody(exportSchema, peerExportDoc(READERS[kind](value, index), now));
      // A conversation without a message with text is left out (it would be an empty chat).
      if (doc.threads.length === 0) return;
      if (spool.threadIds.length >= MAX_THREADS)
        throw new AppError(
          "invalid_body",
          `The file holds more than ${MAX_THREADS} conversations with text; an import takes at most that many.`,
          { field: "file" },
        );
      // The file's hash is known once the stream has ended: lib/export/import.ts marks the threads with it.
      const one = planImport(doc, { ...opts, hash: "" });
      one.threads[0].importIndex = spool.threadIds.length;
      spool.add(one);
    },
    finish(length: number): PeerKind {
      if (length === 0 || kind === null)
        throw new AppError("invalid_body", "The file holds an empty list: no conversations to import.", { field: "file" });
      if (spool.threadIds.length === 0)
        throw new AppError("invalid_body", "The file is not a usable export (at threads): it holds no chats.", { field: "threads" });
      return kind;
    },
  };
}

function kindOf(first: unknown): PeerKind {
  if (first !== null && typeof first === "object") {
    if ("mapping" in first) return "chatgpt";
    if ("chat_messages" in first) return "claude";
  }
  throw new AppError(
    "invalid_body",
    "The file is a list, but not of ChatGPT conversations (with a `mapping`) or Claude conversations (with `chat_messages`).",
    { field: "file" },
  );
}
