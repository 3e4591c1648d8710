import type {
  BranchRequest,
  BranchResponse,
  AddUserMcpServerRequest,
  AddUserMcpServerResponse,
  ApiMcpToolPolicy,
  ApiPinState,
  ApiSearchPage,
  ActionDecision,
  ActionListResponse,
  ApiMessage,
  ApiThread,
  ChatRequest,
  ContextInfo,
  McpToolModeRequest,
  ToolApprovalRequest,
  CreateRoutineRequest,
  CreateRoutineResponse,
  CreateThreadRequest,
  CreateThreadResponse,
  DeletedFilesResponse,
  EditMessageResponse,
  FileMeta,
  LoadedFile,
  MessagePage,
  ModelInfo,
  ModelsResponse,
  OutboxResponse,
  PutFileRequest,
  RenameFileRequest,
  RenameThreadRequest,
  ResolveActionRequest,
  ResolveActionResponse,
  RestoreFileRequest,
  ResumeDraft,
  RoutineListResponse,
  RoutineResponse,
  RoutineRunsResponse,
  RunRoutineResponse,
  StopTurnResponse,
  UndeleteFileRequest,
  UndeleteFileResponse,
  ThreadListResponse,
  ThreadModelRequest,
  ThreadResponse,
  UpdateRoutineRequest,
  UserMcpServersResponse,
  VersionContent,
  VersionMeta,
  WorkspaceThreadsResponse,
} from "@/lib/api";
import { ApiError } from "./api-error";

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      cache: "no-store",
      ...init,
      headers: init?.body ? { "content-type": "application/json" } : undefined,
    });
  } catch {
    throw ApiError.unreachable();
  }
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as T | null;
  if (!res.ok) throw ApiError.fromBody(res.status, res.statusText, body);
  if (body === null) throw new ApiError("The server sent an unreadable answer. Please try again.", res.status, "bad_response");
  return body;
}

const send = (method: string, body?: unknown): RequestInit => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });

const threadUrl = (id: string) => `/api/threads/${encodeURIComponent(id)}`;
const routineUrl = (id: string) => `/api/routines/${encodeURIComponent(id)}`;

/**
 * POST /api/chat outside the chat page's own transport: resolves once the server has started the
 * turn (its rows are written, so any page following the thread shows it); `finished` settles when
 * the stream ends. The reply is stored whether or not anyone reads the stream.
 */
async function startChatTurn(threadId: string, text: string): Promise<{ finished: Promise<void> }> {
  const body: ChatRequest = { id: threadId, message: { role: "user", parts: [{ type: "text", text }] } };
  return startTurn("/api/chat", body);
}

/** A turn started by a POST that answers with its stream: resolves once it started, `finished` at its end. */
async function startTurn(url: string, body: unknown): Promise<{ finished: Promise<void> }> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    throw ApiError.unreachable();
  }
  if (!res.ok) throw ApiError.fromBody(res.status, res.statusText, await res.json().catch(() => null));
  return {
    finished: res.text().then(
      () => undefined,
      () => undefined,
    ),
  };
}

/**
 * A file path as ONE URL segment, "/" included (the route joins decoded segments, so "%2F" arrives
 * as "/"). Encoding segment by segment would let the URL parser silently turn "a//b" or "a/../b"
 * into another file; this way the server sees exactly what was typed and explains what is wrong.
 * A whole path of "", "." or ".." cannot travel in a URL at all, so it is refused here.
 */
function pathSegment(path: string): string {
  if (path === "") throw new ApiError('Path is empty. Give a file path such as "notes.md" or "plans/migration.md".', 400, "invalid_path");
  if (path === "." || path === "..") {
    throw new ApiError(`"${path}" names a folder, not a file. Give a file path such as "notes.md".`, 400, "invalid_path");
  }
  return encodeURIComponent(path);
}

/** The one client of the JSON API: every route, ids encoded, every failure an ApiError. */
export const api = {
  /** The caller's own MCP servers (secrets never come back). */
  mcpServers: () => request<UserMcpServersResponse>("/api/account/mcp-servers"),
  addMcpServer: async (body: AddUserMcpServerRequest) =>
    (await request<AddUserMcpServerResponse>("/api/account/mcp-servers", send("POST", body))).server,
  removeMcpServer: (id: string) => request<void>(`/api/account/mcp-servers/${encodeURIComponent(id)}`, { method: "DELETE" }),
  listThreads: async () => (await request<ThreadListResponse>("/api/threads")).threads,
  listArchivedThreads: async () => (await request<ThreadListResponse>("/api/threads?archived=1")).threads,
  /** `workspaceOf`: the new thread continues that one's workspace and action records. */
  createThread: async (body?: CreateThreadRequest) =>
    (await request<CreateThreadResponse>("/api/threads", body ? send("POST", body) : { method: "POST" })).thread,
  getThread: async (id: string) => (await request<ThreadResponse>(threadUrl(id))).thread,
  renameThread: async (id: string, title: string) =>
    (await request<ThreadResponse>(threadUrl(id), send("PATCH", { title } satisfies RenameThreadRequest))).thread,
  deleteThread: (id: string) => request<void>(threadUrl(id), { method: "DELETE" }),

  messagePage: (id: string, opts: { before?: string | null; after?: string; around?: number; limit: number }) => {
    const query = new URLSearchParams({ limit: String(opts.limit) });
    if (opts.before) query.set("before", opts.before);
    if (opts.after !== undefined) query.set("after", opts.after);
    if (opts.around !== undefined) query.set("around", String(opts.around));
    return request<MessagePage>(`${threadUrl(id)}/messages?${query}`);
  },
  /** One thread (`threadId`) or all of the caller's threads, best match first. */
  search: (opts: { q: string; threadId?: string; cursor?: string | null; limit?: number; range?: { from: number; to: number } }) => {
    // Every branch: a hit in a version not shown now says so, and opening it shows that version.
    const query = new URLSearchParams({ q: opts.q, limit: String(opts.limit ?? 20), deleted: "1" });
    if (opts.range) {
      query.set("from", String(opts.range.from));
      query.set("to", String(opts.range.to));
    }
    if (opts.cursor) query.set("cursor", opts.cursor);
    return request<ApiSearchPage>(`${opts.threadId ? `${threadUrl(opts.threadId)}/search` : "/api/search"}?${query}`);
  },
  /** The edit becomes a new message (new id); the old one and everything after it are gone. */
  editMessage: async (id: string, messageId: string, text: string): Promise<ApiMessage> =>
    (await request<EditMessageResponse>(`${threadUrl(id)}/messages/${encodeURIComponent(messageId)}`, send("PATCH", { text }))).message,
  /** Ends the thread's running turn, whichever tab or instance runs it. */
  stopTurn: (id: string) => request<StopTurnResponse>(`${threadUrl(id)}/turn/stop`, { method: "POST" }),
  startChatTurn,
  /** Answers the tool call the thread's last reply waits on; the continuation is followed like any turn. */
  answerToolApproval: (id: string, body: ToolApprovalRequest) => startTurn(`${threadUrl(id)}/tool-approvals`, body),
  mcpTools: (id: string) => request<ApiMcpToolPolicy>(`${threadUrl(id)}/mcp-tools`),
  setMcpToolMode: (id: string, body: McpToolModeRequest) => request<ApiMcpToolPolicy>(`${threadUrl(id)}/mcp-tools`, send("PUT", body)),

  pins: (id: string) => request<ApiPinState>(`${threadUrl(id)}/pins`),
  /** A new chat with the shown conversation up to this message, sharing or copying the workspace. */
  branchAt: (id: string, messageId: string, body: BranchRequest) =>
    request<BranchResponse>(`${threadUrl(id)}/messages/${encodeURIComponent(messageId)}/branch`, send("POST", body)),
  /** Shows another version of a message and the branch last shown under it; 409 while a reply is written. */
  showVersion: (id: string, messageId: string) =>
    request<{ shown: string[] }>(`${threadUrl(id)}/messages/${encodeURIComponent(messageId)}/show`, { method: "POST" }),
  /** Pins or unpins a message; over the pin budget it is a 422 with the server's reason. */
  setPinned: (id: string, messageId: string, pinned: boolean) =>
    request<ApiPinState>(`${threadUrl(id)}/messages/${encodeURIComponent(messageId)}/pin`, { method: pinned ? "POST" : "DELETE" }),
  context: (id: string) => request<ContextInfo>(`${threadUrl(id)}/context`),
  contextWithInput: (id: string) => request<ContextInfo>(`${threadUrl(id)}/context?input=1`),
  model: () => request<ModelInfo>("/api/model"),
  models: () => request<ModelsResponse>("/api/models"),
  /** null: the server's default model. A model the server does not offer is a 400 model_unavailable. */
  setThreadModel: (id: string, model: string | null) => request<ThreadModelRequest>(`${threadUrl(id)}/model`, send("PUT", { model })),
  files: (threadId: string) => workspaceApi(threadId),

  /** The actions of the thread's workspace, with their journals, newest first. */
  actions: async (threadId: string) => (await request<ActionListResponse>(`${threadUrl(threadId)}/actions`)).actions,
  resolveAction: async (threadId: string, key: string, decision: ActionDecision) =>
    (
      await request<ResolveActionResponse>(
        `${threadUrl(threadId)}/actions/${encodeURIComponent(key)}/resolve`,
        send("POST", { decision } satisfies ResolveActionRequest),
      )
    ).outcome,
  outbox: async (threadId: string) => (await request<OutboxResponse>(`/api/outbox?${new URLSearchParams({ threadId })}`)).messages,

  resumeDraft: (threadId: string) => request<ResumeDraft>(`${threadUrl(threadId)}/resume`),
  workspaceThreads: async (threadId: string) =>
    (await request<WorkspaceThreadsResponse>(`${threadUrl(threadId)}/workspace-threads`)).threads,

  listRoutines: async () => (await request<RoutineListResponse>("/api/routines")).routines,
  getRoutine: async (id: string) => (await request<RoutineResponse>(routineUrl(id))).routine,
  createRoutine: async (body: CreateRoutineRequest) => (await request<CreateRoutineResponse>("/api/routines", send("POST", body))).routine,
  updateRoutine: async (id: string, patch: UpdateRoutineRequest) =>
    (await request<RoutineResponse>(routineUrl(id), send("PATCH", patch))).routine,
  deleteRoutine: (id: string) => request<void>(routineUrl(id), { method: "DELETE" }),
  runRoutine: (id: string) => request<RunRoutineResponse>(`${routineUrl(id)}/run`, { method: "POST" }),
  routineRuns: async (id: string) => (await request<RoutineRunsResponse>(`${routineUrl(id)}/runs`)).runs,
};

/** The files API of one thread's workspace. */
function workspaceApi(threadId: string) {
  const root = `${threadUrl(threadId)}/files`;
  const fileUrl = (path: string) => `${root}/${pathSegment(path)}`;

  // async throughout, so a refused path rejects like any other error instead of throwing synchronously.
  return {
    list: async () => (await request<{ files: FileMeta[] }>(root)).files,
    listDeleted: async () => (await request<DeletedFilesResponse>(`${root}?deleted=1`)).deleted,
    // ?view=file: a file literally named ".../versions" must still read as a file.
    read: async (path: string) => (await request<{ file: LoadedFile }>(`${fileUrl(path)}?view=file`)).file,
    readVersion: async (path: string, version: number) =>
      (await request<{ version: VersionContent }>(`${fileUrl(path)}?version=${version}`)).version,
    versions: async (path: string) => (await request<{ versions: VersionMeta[] }>(`${fileUrl(path)}?view=versions`)).versions,
    /** baseVersion null creates the file; otherwise the save applies only on top of that version. */
    save: async (path: string, content: string, baseVersion: number | null) =>
      (await request<{ file: FileMeta }>(fileUrl(path), send("PUT", { content, baseVersion } satisfies PutFileRequest))).file,
    remove: async (path: string, baseVersion: number) => {
      await request<void>(`${fileUrl(path)}?baseVersion=${baseVersion}`, { method: "DELETE" });
    },
    rename: async (path: string, to: string, baseVersion: number) =>
      (await request<{ file: FileMeta }>(`${fileUrl(path)}?action=rename`, send("POST", { to, baseVersion } satisfies RenameFileRequest)))
        .file,
    restore: async (path: string, version: number, baseVersion: number | null) =>
      (
        await request<{ file: FileMeta }>(
          `${fileUrl(path)}?action=restore`,
          send("POST", { version, baseVersion } satisfies RestoreFileRequest),
        )
      ).file,
    /** Brings back the deletion `deletedVersion` (409 if the file changed since): its last content becomes a new version. */
    undelete: (path: string, deletedVersion: number) =>
      request<UndeleteFileResponse>(`${fileUrl(path)}?action=undelete`, send("POST", { deletedVersion } satisfies UndeleteFileRequest)),
  };
}

export type WorkspaceApi = ReturnType<typeof workspaceApi>;
export type { ApiThread };
