import { db } from "@/lib/db/client";
import type { MessageRow } from "@/lib/db/messages";
import { versionsOnPath, type Versions } from "./versions";

export type { Versions };

/**
 * A page of the active path with each message's versions (`< k / n >`), for messages that have
 * more than one. `parentOfFirst`: the live row before the page (null when the page starts the
 * thread), which the page reads already read one row past. One indexed read of the off-path rows
 * under the page's messages, however long the thread.
 */
export async function withVersions<M extends MessageRow>(
  threadId: string,
  messages: M[],
  parentOfFirst: string | null,
): Promise<(M & { versions?: Versions })[]> {
  if (messages.length === 0) return messages;
  const parents = [...(parentOfFirst ? [parentOfFirst] : []), ...messages.slice(0, -1).map((m) => m.id)];
  const select = { id: true, parentId: true, seq: true } as const;
  const [under, roots] = await Promise.all([
    db().message.findMany({ where: { threadId, parentId: { in: parents }, deletedAt: { not: null } }, select }),
    parentOfFirst ? [] : db().message.findMany({ where: { threadId, parentId: null, deletedAt: { not: null } }, select }),
  ]);
  const versions = versionsOnPath(messages, parentOfFirst, [...under, ...roots]);
  return messages.map((m) => (versions.has(m.id) ? { ...m, versions: versions.get(m.id) } : m));
}
