/*
 * The query cache's keys. Everything about one thread sits under ["thread", id], so one
 * invalidation refreshes all of it when a turn, an edit, a compaction or a file save settles.
 * No "use client": the thread page's server render fills the same keys.
 */

/** The newest page: the one the server renders, the client keeps and polls while a reply runs. */
export const NEWEST_PAGE_SIZE = 40;
/** Older pages are fetched in bigger steps: only rendered rows cost DOM nodes, requests cost time. */
export const OLDER_PAGE_SIZE = 200;

export const queryKeys = {
  threads: () => ["threads"] as const,
  /** Under threads: whatever refreshes the chat list refreshes the archived ones too. */
  archivedThreads: () => ["threads", "archived"] as const,
  model: () => ["model"] as const,
  models: () => ["models"] as const,
  thread: (id: string) => ["thread", id] as const,
  threadInfo: (id: string) => ["thread", id, "info"] as const,
  newestPage: (id: string) => ["thread", id, "messages", "newest"] as const,
  olderPage: (id: string, before: string) => ["thread", id, "messages", "before", before] as const,
  context: (id: string) => ["thread", id, "context"] as const,
  contextInput: (id: string) => ["thread", id, "context", "input"] as const,
  files: (id: string) => ["thread", id, "files"] as const,
  /** Under files: whatever refreshes the live list refreshes this one. */
  deletedFiles: (id: string) => ["thread", id, "files", "deleted"] as const,
  /** The newest `limit` messages in one request (a routine's transcript). */
  latestMessages: (id: string, limit: number) => ["thread", id, "messages", "latest", limit] as const,
  /** Every "newest N messages" query of a thread (a prefix, for invalidation). */
  anyLatestMessages: (id: string) => ["thread", id, "messages", "latest"] as const,
  pins: (id: string) => ["thread", id, "pins"] as const,
  mcpTools: (id: string) => ["thread", id, "mcp-tools"] as const,
  actions: (id: string) => ["thread", id, "actions"] as const,
  outbox: (id: string) => ["thread", id, "outbox"] as const,
  resumeDraft: (id: string) => ["thread", id, "resume"] as const,
  workspaceThreads: (id: string) => ["thread", id, "workspace-threads"] as const,

  /** Everything about one routine sits under ["routine", id]; its thread's data stays under ["thread", threadId]. */
  routines: () => ["routines"] as const,
  routine: (id: string) => ["routine", id] as const,
  routineInfo: (id: string) => ["routine", id, "info"] as const,
  routineRuns: (id: string) => ["routine", id, "runs"] as const,
};
