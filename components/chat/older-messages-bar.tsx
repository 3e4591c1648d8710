import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export type OlderMessages = { hasMore: boolean; loading: boolean; error: string | null; load: () => Promise<void> };

/** Floats over the top of the transcript while an older page loads, or when loading it failed. */
export function OlderMessagesBar({ older }: { older: OlderMessages }) {
  if (!older.loading && !older.error) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 top-2 z-10 flex justify-center">
      <div className="pointer-events-auto flex items-center gap-2 rounded-full border border-neutral-200 bg-white/95 px-3 py-1 text-xs shadow-sm">
        {older.loading ? (
          <Spinner label="Loading earlier messages" className="text-xs" />
        ) : (
          <>
            <span className="text-red-700">Earlier messages did not load: {older.error}</span>
            <Button size="sm" variant="ghost" onClick={() => void older.load()}>
              Try again
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
