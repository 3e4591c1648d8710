import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Reads a query again after a change to what it shows. A read already in flight started before the
 * change, so its answer may predate it (a thread's info read as a turn ends still says the turn is
 * running, and nothing reads it again). Cancelling that read is no answer either: under a change
 * a second, a read slower than a second would never finish. So the read in flight is let finish
 * and one more follows it; at most one follow-up per query key waits, however many changes come.
 */
export function createReadAgain(queryClient: QueryClient): (queryKey: QueryKey) => void {
  const followUps = new Set<string>();
  return (queryKey) => {
    const inFlight = queryClient.isFetching({ queryKey }) > 0;
    const read = queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    if (!inFlight) return;
    const id = JSON.stringify(queryKey);
    if (followUps.has(id)) return;
    followUps.add(id);
    void read
      .catch(() => {}) // the failed read shows its own error; the follow-up is still due
      .then(() => {
        followUps.delete(id);
        return queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
      });
  };
}
