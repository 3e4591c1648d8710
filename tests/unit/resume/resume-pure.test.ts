import { describe, expect, it } from "vitest";
import type { JSONObject } from "@ai-sdk/provider";
import { checkDone, siteMigrated } from "../../../bench/resume/done-check";
import { buildFixture, callSites, siteFile } from "../../../bench/resume/fixture";
import { planFiles, resumeMessage } from "@/lib/resume/first-message";
import { callSiteEdit, parsePlan, tickedLine } from "../../../bench/resume/work-plan";
import { planWorkStep, workPlanPath } from "../../../bench/resume/work-mode";

const N = 12;

function finishedFiles() {
  const fx = buildFixture(N);
  const files = new Map(fx.files.map((f) => [f.path, f.content]));
  for (const path of new Set(fx.callSites.map((s) => s.path))) files.set(path, siteFile(path, fx.callSites, "getAccount"));
  files.set(fx.planPath, files.get(fx.planPath)!.replaceAll("- [ ]", "- [x]"));
  return { fx, files };
}

describe("the resume fixture and its done-check", () => {
  it("has N call sites across files, a plan line per site, and is not done at the start", () => {
    const fx = buildFixture(N);
    expect(fx.callSites).toHaveLength(N);
    expect(new Set(fx.callSites.map((s) => `${s.path}#${s.symbol}`)).size).toBe(N);
    const plan = parsePlan(fx.files.find((f) => f.path === fx.planPath)!.content);
    expect(plan.items).toHaveLength(N);
    expect(plan.rename).toEqual({ from: "loadAccount", to: "getAccount" });
    expect(plan.summaryTo).toBe("me@example.com");
    const report = checkDone({
      n: N,
      files: new Map(fx.files.map((f) => [f.path, f.content])),
      planPath: fx.planPath,
      summaryTo: fx.summaryTo,
      sent: [],
    });
    expect(report).toMatchObject({ finished: false, unticked: N, summarySends: 0 });
    expect(report.sitesLeft).toHaveLength(N);
  });

  it("is done only with every site migrated, every line ticked, nothing else changed and exactly one summary", () => {
    const { fx, files } = finishedFiles();
    const one = [{ to: "me@example.com", subject: "Summary: Move callers" }];
    const check = (f: Map<string, string>, sent = one) =>
      checkDone({ n: N, files: f, planPath: fx.planPath, summaryTo: fx.summaryTo, sent });
    expect(check(files).finished).toBe(true);
    expect(check(files, [...one, ...one])).toMatchObject({ finished: false, summarySends: 2 });
    expect(check(files, [])).toMatchObject({ finished: false, summarySends: 0 });

    const cli = "src/cli/accounts.ts";
    const altered = new Map(files);
    altered.set(cli, files.get(cli)!.replace("toFixed(2)", "toFixed(1)"));
    expect(check(altered)).toMatchObject({ finished: false, filesAltered: [cli] });

    const half = new Map(files);
    half.set(fx.planPath, files.get(fx.planPath)!.replace("- [x]", "- [ ]"));
    expect(check(half)).toMatchObject({ finished: false, unticked: 1 });
  });

  it("finds a site's call and refuses to migrate it twice", () => {
    const sites = callSites(N);
    const path = sites[0].path;
    const before = siteFile(path, sites, "loadAccount");
    const edit = callSiteEdit(before, sites[0].symbol, { from: "loadAccount", to: "getAccount" });
    if (edit === null || edit === "migrated") throw new Error("expected an edit");
    expect(before.split(edit.oldText)).toHaveLength(2); // unique: edit_file accepts it
    const after = before.replace(edit.oldText, edit.newText);
    expect(siteMigrated(after, sites[0].symbol)).toBe(true);
    const sibling = sites.find((s, i) => i > 0 && s.path === path)!;
    expect(siteMigrated(after, sibling.symbol)).toBe(false);
    expect(callSiteEdit(after, sites[0].symbol, { from: "loadAccount", to: "getAccount" })).toBe("migrated");
    const plan = parsePlan(buildFixture(N).files.find((f) => f.path === "migration.md")!.content);
    expect(tickedLine(plan.items[0])).toBe(plan.items[0].line.replace("[ ]", "[x]"));
  });
});

describe("the first message of a continued thread", () => {
  it("carries the goal and names the checklist files first", () => {
    const files = [
      { path: "README.md", content: "# hi" },
      { path: "docs/notes.md", content: "no boxes" },
      { path: "work/steps.md", content: "- [ ] a\n- [x] b" },
      { path: "migration.md", content: "- [ ] x" },
    ];
    expect(planFiles(files)).toEqual(["migration.md", "work/steps.md", "docs/notes.md"]);
    const text = resumeMessage("move every caller\n\nwork migration.md", ["migration.md"]);
    expect(text.startsWith("move every caller\n\nwork migration.md\n")).toBe(true);
    expect(text).toContain("`migration.md`");
    expect(text).toContain("list_actions");
    expect(resumeMessage("goal", [])).toContain("no plan file");
  });

  it("work mode starts only on a whole `work <file>` line outside code blocks", () => {
    expect(workPlanPath("do it\nwork migration.md")).toBe("migration.md");
    expect(workPlanPath("work `plans/my plan.md`")).toBe("plans/my plan.md");
    expect(workPlanPath("please work migration.md now")).toBeNull();
    expect(workPlanPath("```\nwork migration.md\n```")).toBeNull();
  });
});

describe("the offline work mode's last step", () => {
  const plan = buildFixture(2)
    .files.find((f) => f.path === "migration.md")!
    .content.replaceAll("- [ ]", "- [x]");
  const offered = new Set(["read_file", "edit_file", "list_actions", "send_email"]);
  const subject = "Summary: Move callers from loadAccount to getAccount";
  const prompt = (actions: JSONObject[]) => [
    { role: "user" as const, content: [{ type: "text" as const, text: "goal\n\nwork migration.md" }] },
    {
      role: "assistant" as const,
      content: [{ type: "tool-call" as const, toolCallId: "c1", toolName: "read_file", input: { path: "migration.md" } }],
    },
    {
      role: "tool" as const,
      content: [
        {
          type: "tool-result" as const,
          toolCallId: "c1",
          toolName: "read_file",
          output: { type: "json" as const, value: { ok: true, content: plan } },
        },
      ],
    },
    { role: "assistant" as const, content: [{ type: "tool-call" as const, toolCallId: "c2", toolName: "list_actions", input: {} }] },
    {
      role: "tool" as const,
      content: [
        { type: "tool-result" as const, toolCallId: "c2", toolName: "list_actions", output: { type: "json" as const, value: { actions } } },
      ],
    },
  ];
  const action = (status: string) => ({ type: "send_email", to: "me@example.com", subject, status, key: "k" });

  it("sends the summary only when the ledger has no send for it, and never repeats an unsettled one", () => {
    const fresh = planWorkStep(prompt([]), offered)!;
    expect(fresh.toolCalls).toEqual([{ toolName: "send_email", input: expect.objectContaining({ to: "me@example.com", subject }) }]);
    for (const status of ["succeeded", "started", "unknown", "needs_human"]) {
      const step = planWorkStep(prompt([action(status)]), offered)!;
      expect(step.toolCalls, status).toEqual([]);
    }
    expect(planWorkStep(prompt([action("unknown")]), offered)!.text).toContain("not sending it again");
    // Another summary (different subject) does not count as this one.
    expect(planWorkStep(prompt([{ ...action("succeeded"), subject: "Summary: other" }]), offered)!.toolCalls).toHaveLength(1);
  });
});
