import { Button } from "@/components/ui/button";

export function EmptyState({ creating, onNew }: { creating: boolean; onNew: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-neutral-900">Start a long-running task</h1>
      <p className="max-w-md text-sm text-neutral-500">
        Every chat keeps its whole history. The agent works from a compacted view of it, so the conversation can go on for as long as the
        work does.
      </p>
      <Button variant="primary" onClick={onNew} disabled={creating} data-testid="empty-new-thread">
        {creating ? "Creating…" : "New chat"}
      </Button>
    </div>
  );
}
