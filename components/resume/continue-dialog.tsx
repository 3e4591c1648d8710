"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { readableError } from "@/components/api/api-error";
import { resumeDraftQuery } from "@/components/api/queries";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import type { ResumeDraft } from "@/lib/api";
import { useContinueInNewChat } from "./use-continue-in-new-chat";

type State = { kind: "closed" } | { kind: "loading" } | { kind: "editing"; draft: ResumeDraft; text: string };

const EMPTY_DRAFT: ResumeDraft = { goal: "", planFiles: [], message: "" };

/**
 * "Continue in a new chat": proposes the original goal and where the plan is, lets the person edit
 * it, then starts a new thread on the same workspace and action records with it. `dialog` stays
 * mounted wherever `open` is called from (the header's button, or its "More" menu, which unmounts).
 */
export function useContinueDialog(threadId: string) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [state, setState] = useState<State>({ kind: "closed" });
  const [draftError, setDraftError] = useState<string | null>(null);
  const continueIn = useContinueInNewChat(threadId);

  const open = async () => {
    setDraftError(null);
    continueIn.reset();
    setState({ kind: "loading" });
    try {
      const draft = await queryClient.fetchQuery(resumeDraftQuery(threadId));
      setState({ kind: "editing", draft, text: draft.message });
    } catch (e) {
      setDraftError(readableError(e));
      setState({ kind: "editing", draft: EMPTY_DRAFT, text: "" });
    }
  };
  const close = () => setState({ kind: "closed" });

  const starting = continueIn.isPending;
  const error = continueIn.error ? readableError(continueIn.error) : draftError;
  const text = state.kind === "editing" ? state.text : "";
  const plans = state.kind === "editing" ? state.draft.planFiles : [];
  const dialog = (
    <ModalDialog open={state.kind === "editing"} title="Continue in a new chat" titleId={titleId} onCancel={close} testId="continue-dialog">
      <p className="mt-1 text-sm text-neutral-600">
        The new chat shares this chat&apos;s workspace files and sent-email records, not its messages.
        {plans.length > 0 && <> Plan: {plans.join(", ")}.</>}
      </p>
      <textarea
        className="mt-3 h-48 w-full rounded-md border border-neutral-300 p-2 font-mono text-xs"
        aria-label="First message of the new chat"
        data-testid="continue-message"
        value={text}
        disabled={starting}
        onChange={(e) => state.kind === "editing" && setState({ ...state, text: e.target.value })}
      />
      {error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="primary"
          data-testid="continue-start"
          disabled={starting || text.trim() === ""}
          onClick={() => continueIn.mutate(text, { onSuccess: close })}
        >
          {starting ? "Starting the new chat…" : "Start the new chat"}
        </Button>
      </div>
    </ModalDialog>
  );
  return { open: () => state.kind !== "loading" && void open(), loading: state.kind === "loading", dialog };
}

export function ContinueButton({ dialog }: { dialog: ReturnType<typeof useContinueDialog> }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      data-testid="continue-new-chat"
      // Not disabled while the draft loads: a disabled button would drop the focus the dialog
      // must give back when it closes.
      onClick={dialog.open}
      aria-busy={dialog.loading}
      title="Start a fresh conversation on the same workspace and action records, with the original goal"
      aria-label="Continue in a new chat"
    >
      Continue
    </Button>
  );
}
