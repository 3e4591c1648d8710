"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { resumeApi, type ResumeDraft } from "./resume-api";

type State = { kind: "closed" } | { kind: "loading" } | { kind: "editing"; draft: ResumeDraft; text: string } | { kind: "starting"; text: string };

/**
 * "Continue in a new chat": proposes the original goal and where the plan is, lets the person edit
 * it, then starts a new thread on the same workspace and action records with it.
 */
export function ContinueInNewChat({ threadId }: { threadId: string }) {
  const router = useRouter();
  const titleId = useId();
  const [state, setState] = useState<State>({ kind: "closed" });
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setError(null);
    setState({ kind: "loading" });
    try {
      const draft = await resumeApi.draft(threadId);
      setState({ kind: "editing", draft, text: draft.message });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState({ kind: "editing", draft: { goal: "", planFiles: [], message: "" }, text: "" });
    }
  };

  const start = async (text: string) => {
    setState({ kind: "starting", text });
    setError(null);
    try {
      const id = await resumeApi.continueIn(threadId, text);
      setState({ kind: "closed" });
      router.push(`/t/${id}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState((s) => (s.kind === "starting" ? { kind: "editing", draft: { goal: "", planFiles: [], message: text }, text } : s));
    }
  };

  const text = state.kind === "editing" || state.kind === "starting" ? state.text : "";
  const plans = state.kind === "editing" ? state.draft.planFiles : [];
  return (
    <>
      <Button size="sm" variant="ghost" data-testid="continue-new-chat" onClick={() => void open()} disabled={state.kind === "loading"}
        title="Start a fresh conversation on the same workspace and action records, with the original goal">
        Continue in a new chat
      </Button>
      <ModalDialog open={state.kind !== "closed" && state.kind !== "loading"} title="Continue in a new chat" titleId={titleId}
        onCancel={() => setState({ kind: "closed" })} testId="continue-dialog">
        <p className="mt-1 text-sm text-neutral-600">
          The new chat shares this chat&apos;s workspace files and sent-email records, not its messages.
          {plans.length > 0 && <> Plan: {plans.join(", ")}.</>}
        </p>
        <textarea
          className="mt-3 h-48 w-full rounded-md border border-neutral-300 p-2 font-mono text-xs"
          aria-label="First message of the new chat"
          data-testid="continue-message"
          value={text}
          disabled={state.kind === "starting"}
          onChange={(e) => state.kind === "editing" && setState({ ...state, text: e.target.value })}
        />
        {error && <p className="mt-2 text-sm text-red-700" role="alert">{error}</p>}
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => setState({ kind: "closed" })}>Cancel</Button>
          <Button variant="primary" data-testid="continue-start" disabled={state.kind !== "editing" || text.trim() === ""} onClick={() => void start(text)}>
            {state.kind === "starting" ? "Working on the first reply…" : "Start the new chat"}
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
