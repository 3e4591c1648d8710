import { withVersions } from "@/lib/branches/page-versions";
import { listMessagesPage } from "@/lib/db/messages";
import { sweepExpiredTurn } from "./turn-sweep";

/**
 * A page before `beforeSeq` (or the newest), each message with its versions (`< k / n >`), and the
 * id of the live message right before the page (what a tab may keep of what it already holds).
 */
export async function transcriptPage(threadId: string, opts: { beforeSeq?: number; limit: number }) {
  const page = await listMessagesPage(threadId, opts);
  return { ...page, messages: await withVersions(threadId, page.messages, page.previousId) };
}

/**
 * A page of the live transcript as the person should see it: a reply still marked streaming
 * whose writer died (its lease ran out) is closed as interrupted right here, without waiting for
 * the next sweep.
 */
export async function readTranscriptPage(threadId: string, opts: { beforeSeq?: number; limit: number }) {
  const page = await transcriptPage(threadId, opts);
  if (page.messages.at(-1)?.status !== "streaming" || opts.beforeSeq !== undefined) return page;
  return (await sweepExpiredTurn(threadId)) ? transcriptPage(threadId, opts) : page;
}
