// Route handlers called straight from a test have no Next request scope, which next/server's
// after() needs. A test file stands one in with
//   vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));
// and awaits the scheduled work with settleAfter(), as Vercel's waitUntil keeps a function alive.
const scheduled: Promise<unknown>[] = [];

export async function withAfterStub(importOriginal: <T>() => Promise<T>) {
  return {
    ...(await importOriginal<typeof import("next/server")>()),
    after: (task: () => Promise<unknown>) => void scheduled.push(Promise.resolve().then(task)),
  };
}

/** Waits for everything after() scheduled so far (and whatever that scheduled in turn). */
export async function settleAfter(): Promise<void> {
  while (scheduled.length) await scheduled.shift();
}
