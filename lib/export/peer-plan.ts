import { AppError } from "@/lib/errors";
import { validateBody } from "@/lib/http/parse-body";
import { exportSchema, MAX_THREADS } from "./format";
import type { ImportSource } from "./import-detect";
import { planImport, type ImportOptions, type ImportPlan } from "./import-plan";
import { chatGptConversations, chatGptConversationSchema } from "./peers/chatgpt";
import { claudeConversations, claudeConversationSchema } from "./peers/claude";
import { peerExportDoc, type PeerConversation } from "./peers/peer-doc";

/*
 * ChatGPT's and Claude's conversations.json planned one conversation at a time, as the JSON stream
 * hands them over (lib/export/json-stream.ts): each is validated, reduced to our format and
 * planned (lib/export/import-plan.ts) on its own (a peer's conversations never refer to each
 * other), and only the plan's rows are kept, never the parsed conversation. Which export it is
 * comes from the first conversation: ChatGPT's message tree (`mapping`) or Claude's `chat_messages`.
 * Nothing is written here; lib/export/import.ts writes the whole plan in one transaction.
 */

type PeerKind = Exclude<ImportSource, "longrun-chat">;

const READERS = {
  chatgpt: (v: unknown, i: number) => chatGptConversations([validateBody(chatGptConversationSchema, v, [i])]),
  claude: (v: unknown, i: number) => claudeConversations([validateBody(claudeConversationSchema, v, [i])]),
} satisfies Record<PeerKind, (v: unknown, i: number) => PeerConversation[]>;

export function emptyPlan(): ImportPlan {
  return { workspaces: [], threads: [], messages: [], summaries: [], compactions: [], files: [], versions: [], routines: [], runs: [] };
}

export function peerPlanner(opts: Omit<ImportOptions, "hash">, now: Date) {
  let kind: PeerKind | null = null;
  const plan = emptyPlan();
  return {
    add(value: unknown, index: number) {
      kind ??= kindOf(value);
      const doc = validateBody(exportSchema, peerExportDoc(READERS[kind](value, index), now));
      // A conversation without a message with text is left out (it would be an empty chat).
      if (doc.threads.length === 0) return;
      if (plan.threads.length >= MAX_THREADS)
        throw new AppError(
          "invalid_body",
          `The file holds more than ${MAX_THREADS} conversations with text; an import takes at most that many.`,
          {
            field: "file",
          },
        );
      const one = planImport(doc, { ...opts, hash: "" });
      one.threads[0].importIndex = plan.threads.length;
      for (const key of Object.keys(plan) as Array<keyof ImportPlan>) (plan[key] as unknown[]).push(...one[key]);
    },
    /** The plan, marked with the file's hash (known once the stream has ended). */
    finish(length: number, hash: string): { source: PeerKind; plan: ImportPlan } {
      if (length === 0 || kind === null)
        throw new AppError("invalid_body", "The file holds an empty list: no conversations to import.", { field: "file" });
      if (plan.threads.length === 0)
        throw new AppError("invalid_body", "The file is not a usable export (at threads): it holds no chats.", { field: "threads" });
      for (const t of plan.threads) t.importHash = hash;
      return { source: kind, plan };
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
