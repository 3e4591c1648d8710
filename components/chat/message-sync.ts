import { api } from "./api";
import { toChatMessage, type ChatMessage, type MessagePage, type StoredMessage } from "./types";

export const PAGE_SIZE = 40;

const SETTLE_POLLS = 24;
const SETTLE_INTERVAL_MS = 250;

/**
 * The newest page once the turn is stored. The server writes the assistant message after the
 * stream closes (and after a stop, only once it notices the disconnect), so a reply that is not
 * there yet is polled for briefly instead of being shown as missing.
 */
export async function fetchSettledPage(threadId: string): Promise<MessagePage> {
  for (let attempt = 1; ; attempt++) {
    const page = await api.messagePage(threadId, { limit: PAGE_SIZE });
    const last = page.messages.at(-1);
    if (!last || last.role !== "user" || attempt >= SETTLE_POLLS) return page;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_INTERVAL_MS));
  }
}

/**
 * Replaces everything the newest page covers with the server's version (ids, status and errors
 * as stored; a retry may have deleted messages) and keeps older pages already loaded.
 * `keptOlder` tells whether the previous "load older" cursor still applies.
 */
export function mergeNewestPage(current: ChatMessage[], page: MessagePage): { messages: ChatMessage[]; keptOlder: boolean } {
  const fresh = page.messages.map(toChatMessage);
  if (!page.nextCursor || page.messages.length === 0) return { messages: fresh, keptOlder: false };
  const firstSeq = page.messages[0].seq;
  const older = current.filter((m) => m.metadata !== undefined && m.metadata.seq < firstSeq);
  return { messages: [...older, ...fresh], keptOlder: older.length > 0 };
}

/** Prepends an older page, skipping anything already present (pages can overlap after a sync). */
export function prependOlderPage(current: ChatMessage[], page: MessagePage): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  return [...page.messages.filter((m) => !known.has(m.id)).map(toChatMessage), ...current];
}

/**
 * The transcript after an edit: the server's newest page when it ends with the edited message as
 * expected; otherwise (the page failed to load, or raced another change) the old message and
 * everything after it are replaced locally, which is what the server did.
 */
export function applyEdit(
  current: ChatMessage[],
  oldId: string,
  edited: StoredMessage,
  page: MessagePage | null,
): { messages: ChatMessage[]; keptOlder: boolean } {
  if (page && page.messages.at(-1)?.id === edited.id) return mergeNewestPage(current, page);
  const at = current.findIndex((m) => m.id === oldId);
  return { messages: [...current.slice(0, at < 0 ? current.length : at), toChatMessage(edited)], keptOlder: true };
}
