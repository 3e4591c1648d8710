import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { createReadAgain } from "@/components/live/read-again";

// A query on screen (an observer) whose reads the test answers one by one, as a slow server would.
function slowQuery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pending: Array<(value: string) => void> = [];
  let reads = 0;
  let server = "turn running";
  const observer = new QueryObserver<string>(client, {
    queryKey: ["thread", "t1", "info"],
    queryFn: () => {
      reads++;
      const answer = server; // what the server says when the read reaches it
      return new Promise<string>((resolve) => pending.push(() => resolve(answer)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  const answerNext = async () => {
    pending.shift()?.("");
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    client,
    unsubscribe,
    answerNext,
    reads: () => reads,
    setServer: (s: string) => (server = s),
    data: () => client.getQueryData<string>(["thread", "t1", "info"]),
  };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe("createReadAgain", () => {
  it("follows a read that was in flight when the change came with one more read, so the newer state wins", async () => {
    const q = slowQuery();
    cleanup = q.unsubscribe;
    const readAgain = createReadAgain(q.client);
    expect(q.reads()).toBe(1); // the observer's first read, started while the turn runs
    q.setServer("turn ended");
    readAgain(["thread", "t1"]);
    await q.answerNext(); // the old read lands: it still says the turn runs
    expect(q.reads()).toBe(2);
    await q.answerNext();
    expect(q.data()).toBe("turn ended");
  });

  it("waits for the read in flight instead of cancelling it, and queues at most one follow-up", async () => {
    const q = slowQuery();
    cleanup = q.unsubscribe;
    const readAgain = createReadAgain(q.client);
    for (let i = 0; i < 5; i++) readAgain(["thread", "t1", "info"]); // five changes during one slow read
    expect(q.reads()).toBe(1);
    await q.answerNext();
    expect(q.reads()).toBe(2);
    await q.answerNext();
    expect(q.reads()).toBe(2);
    expect(q.data()).toBe("turn running");
  });

  it("reads once when nothing is in flight", async () => {
    const q = slowQuery();
    cleanup = q.unsubscribe;
    await q.answerNext();
    const readAgain = createReadAgain(q.client);
    readAgain(["thread", "t1"]);
    await q.answerNext();
    expect(q.reads()).toBe(2);
    await q.answerNext();
    expect(q.reads()).toBe(2);
  });
});
