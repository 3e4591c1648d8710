import type { StoredPart } from "./types";

/*
 * An approved (or denied) tool call is carried on by the continuation reply, which holds its result
 * (lib/chat/answered-call.ts); the earlier reply still holds the call in its "approval-responded"
 * state. A request holding both would carry one call twice, so the earlier copy is left out once a
 * later message holds the same call. Until then (the continuation's own input) it stays: it is what
 * the model call runs or refuses.
 */

type WithParts<M> = M & { parts: readonly StoredPart[] };

/** The messages with each answered approval's earlier copy left out when a later message carries the call. */
export function withoutAnsweredApprovalCopies<M>(messages: readonly WithParts<M>[]): WithParts<M>[] {
  const carried = new Set<string>();
  const out: WithParts<M>[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    const parts = m.parts.filter((p) => {
      const callId = (p as { toolCallId?: unknown }).toolCallId;
      if (typeof callId !== "string") return true;
      if (p.state === "approval-responded" && carried.has(callId)) return false;
      carried.add(callId);
      return true;
    });
    out.push(parts.length === m.parts.length ? m : { ...m, parts });
  }
  return out.reverse();
}
