import { tool, zodSchema, type ToolSet } from "ai";
import { z } from "zod";
import { MAX_BODY_CHARS, MAX_SUBJECT_CHARS } from "./email-request";
import { sendEmailAction } from "./send";
import { chatActionKey, runActionKey, workspaceScope } from "@/lib/actions/keys";
import { listThreadActions } from "@/lib/actions/list";
import type { ActionOutcome } from "@/lib/actions/types";

/** What a turn tells the tools it offers (the one tool context: workspace tools take a part of it). */
export type ToolContext = {
  userId: string;
  threadId: string;
  workspaceId: string;
  assistantMessageId: string;
  /** The user message this turn answers: with the intent, it keys side effects in a chat. */
  answeredMessageId: string | null;
  /** The routine run this turn belongs to, null in a chat. */
  runId: string | null;
};

/**
 * The key is the runtime's, never the model's: the routine run plus the intent, or in a chat the
 * user message being answered plus the intent. Regenerating a reply reuses the key (nothing is sent
 * twice); a new request from the person is a new message and so a new key.
 */
export function sendEmailKey(ctx: ToolContext, to: string, subject: string): string {
  const intent = `send_email:${to.trim().toLowerCase()}:${subject.trim()}`;
  if (ctx.runId) return runActionKey(ctx.runId, intent);
  return chatActionKey(ctx.answeredMessageId ?? `reply_${ctx.assistantMessageId}`, intent);
}

/** What the tool card shows; `ok` is false for anything that is not a proven send. */
export function toolResult(o: ActionOutcome) {
  return { ok: o.state === "sent", ...o };
}

// Converted to JSON Schema once per process (see lib/workspace/tools.ts).
const inputs = {
  send_email: zodSchema(
    z.object({
      to: z.email().describe("One recipient address."),
      subject: z.string().trim().min(1).max(MAX_SUBJECT_CHARS),
      body: z.string().max(MAX_BODY_CHARS).describe("Markdown; sent as HTML and plain text."),
    }),
  ),
  list_actions: zodSchema(z.object({})),
};

export function actionTools(ctx: ToolContext): ToolSet {
  return {
    send_email: tool({
      description:
        "Send an email (body in markdown). Sent at most once per request: calling it again for the same recipient and subject " +
        "returns the recorded result instead of sending again. Only allowed recipients can be mailed.",
      inputSchema: inputs.send_email,
      execute: async ({ to, subject, body }) => {
        const outcome = await sendEmailAction({
          userId: ctx.userId,
          threadId: ctx.threadId,
          scope: workspaceScope(ctx.workspaceId),
          key: sendEmailKey(ctx, to, subject),
          runId: ctx.runId,
          stepId: ctx.assistantMessageId,
          to,
          subject,
          body,
        });
        return toolResult(outcome);
      },
    }),
    list_actions: tool({
      description:
        "List the side effects (emails) of this conversation, and of earlier conversations on the same workspace, and their state: sent, in progress, unknown, needs a person, refused. Read-only.",
      inputSchema: inputs.list_actions,
      execute: async () => {
        const actions = await listThreadActions(ctx.userId, ctx.threadId);
        return {
          actions: actions.map((a) => ({
            key: a.key,
            type: a.type,
            status: a.status,
            attempt: a.attempt,
            resultId: a.resultId,
            errorCode: a.errorCode,
            to: a.request.to,
            subject: a.request.subject,
            fromThisConversation: a.threadId === ctx.threadId,
          })),
        };
      },
    }),
  };
}
