import { describe, expect, it } from "vitest";
import { queryKeys } from "@/components/api/query-keys";
import { queriesToRefresh } from "@/components/live/event-effects";
import { everyValue } from "@/tests/support/every-value";

const T = "t1";

describe("queriesToRefresh (what a feed event reads again)", () => {
  it("a turn started elsewhere reads the turn and the newest page; one this tab streams only the turn", () => {
    expect(queriesToRefresh(T, { type: "turn.started" }, false)).toEqual(
      expect.arrayContaining([queryKeys.threadInfo(T), queryKeys.newestPage(T), queryKeys.threads()]),
    );
    expect(queriesToRefresh(T, { type: "turn.started" }, true)).not.toContainEqual(queryKeys.newestPage(T));
  });

  it("progress reads the newest page only when another tab streams the reply", () => {
    expect(queriesToRefresh(T, { type: "turn.progress" }, false)).toEqual([queryKeys.newestPage(T)]);
    expect(queriesToRefresh(T, { type: "turn.progress" }, true)).toEqual([]);
  });

  it("an ended turn reads the page even in the tab that streamed it (its stream may have broken off)", () => {
    expect(queriesToRefresh(T, { type: "turn.ended" }, true)).toEqual(
      expect.arrayContaining([queryKeys.newestPage(T), queryKeys.context(T)]),
    );
  });

  it("a replaced message reads the whole thread (older pages may have lost messages)", () => {
    expect(queriesToRefresh(T, { type: "message.replaced" }, false)).toContainEqual(queryKeys.thread(T));
  });

  it("compactions, files and actions read their own panels", () => {
    expect(queriesToRefresh(T, { type: "compaction.started" }, false)).toEqual([queryKeys.context(T)]);
    expect(queriesToRefresh(T, { type: "compaction.landed" }, false)).toEqual(
      expect.arrayContaining([queryKeys.context(T), queryKeys.files(T)]),
    );
    expect(queriesToRefresh(T, { type: "file.changed" }, false)).toEqual([queryKeys.files(T)]);
    expect(queriesToRefresh(T, { type: "file.changed", path: "plan.md" }, false)).toEqual([queryKeys.files(T)]);
    expect(queriesToRefresh(T, { type: "file.changed", path: "attachments/shot.png" }, false)).toEqual([
      queryKeys.files(T),
      queryKeys.context(T),
    ]);
    expect(queriesToRefresh(T, { type: "action.changed" }, false)).toEqual([queryKeys.actions(T), queryKeys.outbox(T)]);
  });

  it("every key stays under the thread's own prefix or the sidebar list", () => {
    const types = everyValue<Parameters<typeof queriesToRefresh>[1]["type"]>({
      "turn.started": true,
      "turn.progress": true,
      "turn.ended": true,
      "message.replaced": true,
      "compaction.started": true,
      "compaction.landed": true,
      "file.changed": true,
      "action.changed": true,
      "run.changed": true,
      "thread.changed": true,
    });
    for (const type of types)
      for (const key of queriesToRefresh(T, { type }, false))
        expect(key[0] === "threads" || (key[0] === "thread" && key[1] === T)).toBe(true);
  });
});
