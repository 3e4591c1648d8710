import { listMessagesPage } from "@/lib/db/messages";
import { sweepExpiredTurn } from "./turn-sweep";

/**
 * A page of the live transcript as the person should see it: a reply still marked streaming
 * whose writer died (its lease ran out) is closed as interrupted right here, without waiting for
 * the next sweep.
 */
export async function readTranscriptPage(threadId: string, opts: { beforeSeq?: number; limit: number }) {
  const page = await listMessagesPage(threadId, opts);
  if (page.messages.at(-1)?.status !== "streaming" || opts.beforeSeq !== undefined) return page;
  return (await sweepExpiredTurn(threadId)) ? listMessagesPage(threadId, opts) : page;
}
