import { describe, expect, it } from "vitest";
import { withWorkspaceChoice, workspaceChoiceOf } from "@/components/layout/workspace-choice";

describe("remembered workspace choice", () => {
  it("is null for a thread never toggled, and the last choice once toggled", () => {
    expect(workspaceChoiceOf(undefined, "t1")).toBeNull();
    let cookie = withWorkspaceChoice(undefined, "t1", false);
    expect(workspaceChoiceOf(cookie, "t1")).toBe(false);
    expect(workspaceChoiceOf(cookie, "t2")).toBeNull();
    cookie = withWorkspaceChoice(cookie, "t2", true);
    cookie = withWorkspaceChoice(cookie, "t1", true);
    expect(workspaceChoiceOf(cookie, "t1")).toBe(true);
    expect(workspaceChoiceOf(cookie, "t2")).toBe(true);
  });

  it("keeps the 40 most recent threads, the one toggled again counting as new", () => {
    let cookie = withWorkspaceChoice(undefined, "first", true);
    for (let i = 0; i < 39; i++) cookie = withWorkspaceChoice(cookie, `t${i}`, false);
    cookie = withWorkspaceChoice(cookie, "first", false); // moved to the newest end
    cookie = withWorkspaceChoice(cookie, "late", true);
    expect(workspaceChoiceOf(cookie, "first")).toBe(false);
    expect(workspaceChoiceOf(cookie, "t0")).toBeNull();
    expect(workspaceChoiceOf(cookie, "t1")).toBe(false);
    expect(cookie.length).toBeLessThan(1500);
  });

  it("ignores what it did not write", () => {
    expect(workspaceChoiceOf("t1:1.<script>:1.t2:7.t3", "t1")).toBe(true);
    expect(withWorkspaceChoice("junk;x.t1:0", "t2", true)).toBe("t1:0.t2:1");
  });
});
