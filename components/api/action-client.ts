import type {
  ApiMessage,
  ApiPinState,
  ApiThread,
  CreateRoutineRequest,
  CreateRoutineResponse,
  CreateThreadRequest,
  CreateThreadResponse,
  EditMessageResponse,
  RoutineResponse,
  ServerActionResult,
  UpdateRoutineRequest,
} from "@/lib/api";
import { archiveThreadAction, createThreadAction, deleteThreadAction, renameThreadAction } from "@/app/actions/threads";
import { editMessageAction, setPinnedAction } from "@/app/actions/messages";
import { createRoutineAction, updateRoutineAction } from "@/app/actions/routines";
import { ApiError } from "./api-error";

/**
 * The page's own mutations go through server actions (app/actions/); the JSON API stays the
 * public contract. Same answers as the matching API calls (components/api/api-client.ts), and
 * every failure the same ApiError, so a hook can switch between the two without other changes.
 */
async function unwrap<T>(call: Promise<ServerActionResult<T>>): Promise<T> {
  let result: ServerActionResult<T>;
  try {
    result = await call;
  } catch {
    throw ApiError.unreachable();
  }
  if (!result.ok) throw ApiError.fromBody(result.status, "", { error: result.error });
  return result.value;
}

export const actions = {
  createThread: async (body: CreateThreadRequest = {}): Promise<ApiThread> =>
    (await unwrap<CreateThreadResponse>(createThreadAction(body))).thread,
  renameThread: async (id: string, title: string): Promise<ApiThread> => (await unwrap(renameThreadAction({ threadId: id, title }))).thread,
  archiveThread: async (id: string, archived: boolean): Promise<ApiThread> =>
    (await unwrap(archiveThreadAction({ threadId: id, archived }))).thread,
  deleteThread: async (id: string): Promise<void> => void (await unwrap(deleteThreadAction({ threadId: id }))),
  // The stored parts are typed loosely on the server; on the wire they are the UI parts ApiMessage names.
  editMessage: async (id: string, messageId: string, text: string): Promise<ApiMessage> =>
    ((await unwrap(editMessageAction({ threadId: id, messageId, text }))) as unknown as EditMessageResponse).message,
  setPinned: (id: string, messageId: string, pinned: boolean): Promise<ApiPinState> =>
    unwrap(setPinnedAction({ threadId: id, messageId, pinned })),
  createRoutine: async (body: CreateRoutineRequest) => (await unwrap<CreateRoutineResponse>(createRoutineAction(body))).routine,
  updateRoutine: async (id: string, patch: UpdateRoutineRequest) =>
    (await unwrap<RoutineResponse>(updateRoutineAction({ id, patch }))).routine,
};
