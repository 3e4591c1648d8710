import type { listWorkspaceThreads } from "@/lib/db/threads";
import type { resumeDraft } from "@/lib/resume/draft";
import type { Wire } from "./wire";

/** GET /api/threads/:id/resume: the proposed first message of a new chat continuing the thread. */
export type ResumeDraft = Awaited<ReturnType<typeof resumeDraft>>;

/** One thread sharing a workspace (GET /api/threads/:id/workspace-threads), oldest first. */
export type WorkspaceThread = Wire<Awaited<ReturnType<typeof listWorkspaceThreads>>[number]>;
export type WorkspaceThreadsResponse = { threads: WorkspaceThread[] };
