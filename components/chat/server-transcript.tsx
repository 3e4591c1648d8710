import { DrawerButton } from "@/components/layout/app-frame";
import { Spinner } from "@/components/ui/spinner";
import type { MessagePage } from "@/lib/api";
import { Composer } from "./composer";
import { firstScreen } from "./first-screen";
import { MessageItem } from "./message-item";
import { toChatMessage } from "./types";
import type { MessageEditActions } from "./use-message-edit";

const inert: MessageEditActions = { start: () => {}, change: () => {}, cancel: () => {}, save: async () => {} };
const nothing = () => {};
const KEEP_SERVER_HTML = { __html: "" };
const LIST = "flex min-h-0 flex-1 flex-col-reverse overflow-y-auto pt-3 pb-6";

/**
 * The thread's newest page as the server renders it, before JavaScript runs: the same rows, read
 * only (as many of the newest as fill a screen), stacked from the bottom (column-reverse starts scrolled to the end without any script), so
 * the newest message is on screen with the first HTML. Hydration swaps in the live chat.
 */
export function ServerTranscript({ title, page, workspace }: { title: string; page: MessagePage; workspace: boolean }) {
  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-3 border-b border-neutral-200 px-3 sm:px-4">
          <DrawerButton />
          <h1 className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-800" data-testid="thread-title">
            {title}
          </h1>
        </header>
        {typeof window === "undefined" ? (
          // data-server-copy: where the live chat finds these rows' HTML to reuse (server-markdown.ts).
          <div aria-label="Conversation" className={LIST} data-server-copy="">
            {firstScreen(page.messages).map((m) => (
              <MessageItem
                key={m.id}
                message={toChatMessage(m)}
                status={m.status}
                actionsDisabled
                onRetry={nothing}
                editDraft={null}
                edit={inert}
              />
            ))}
          </div>
        ) : (
          // In the browser this copy lives only until the live chat replaces it, and has nothing to
          // wire up: React keeps the server's rows as they are instead of hydrating every message's
          // markdown node by node (it does not look inside an element whose HTML it was given).
          <div
            aria-label="Conversation"
            className={LIST}
            data-server-copy=""
            dangerouslySetInnerHTML={KEEP_SERVER_HTML}
            suppressHydrationWarning
          />
        )}
        <Composer draft="" onDraftChange={nothing} onSend={nothing} onStop={nothing} disabled replying={false} />
      </div>
      {workspace && <WorkspaceLoading />}
    </div>
  );
}

/**
 * Where the workspace panel will stand, from the first frame: beside the chat on wide screens
 * only (CSS: the server does not know the width), as wide as the live panel opens by default
 * (thread-workbench.tsx), behind the same 4 px separator, so the transcript keeps its width when
 * the live chat takes over.
 */
function WorkspaceLoading() {
  return (
    <div className="hidden shrink-0 xl:flex" data-testid="workspace-loading">
      <div className="w-1 bg-neutral-200" />
      <aside aria-label="Workspace" className="flex w-[30rem] flex-col border-l border-neutral-200 bg-white">
        <header className="flex h-12 shrink-0 items-center border-b border-neutral-200 px-3">
          <h2 className="text-sm font-medium text-neutral-800">Workspace</h2>
        </header>
        <Spinner label="Loading the workspace…" className="p-3" />
      </aside>
    </div>
  );
}
