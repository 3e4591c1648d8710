import type { z } from "zod";
import type { resolveActionSchema } from "@/lib/actions/http";
import type { ListedAction } from "@/lib/actions/list";
import type { ActionOutcome, ActionStatus } from "@/lib/actions/types";
import type { listOutbox } from "@/lib/email/outbox-list";
import type { Wire } from "./wire";

export type { ActionOutcome, ActionStatus };

/** The frozen request of a send_email action (stored as JSON; the ledger does not type it). */
export type ApiActionRequest = { to?: string; subject?: string; body?: string };

/** One ledger row with its journal (GET /api/threads/:id/actions), derived from lib/actions/list.ts. */
export type ApiAction = Omit<Wire<ListedAction>, "request"> & { request: ApiActionRequest };
export type ApiActionJournalEntry = ApiAction["journal"][number];
export type ActionListResponse = { actions: ApiAction[] };

/** POST /api/threads/:id/actions/:key/resolve */
export type ResolveActionRequest = z.input<typeof resolveActionSchema>;
export type ActionDecision = ResolveActionRequest["decision"];
export type ResolveActionResponse = { outcome: ActionOutcome };

/** GET /api/outbox: what was sent, newest first. */
export type OutboxEntry = Wire<Awaited<ReturnType<typeof listOutbox>>[number]>;
export type OutboxResponse = { messages: OutboxEntry[] };
