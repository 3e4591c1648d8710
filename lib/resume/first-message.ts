/*
 * The first message of a thread that continues another (pure): the original goal (the first
 * thread's first user message, which the person can edit before sending), the files holding the
 * plan, and a reminder that the actions list says what was already done. Nothing else of the old
 * conversation is carried over: the workspace and the ledger are the memory.
 */

export type WorkspaceText = { path: string; content: string };

const MAX_PLAN_FILES = 5;
const PLAN_NAME = /(^|\/)(plan|migration|todo|tasks?|notes|checklist)[^/]*\.md$/i;
const CHECKBOX = /^\s*[-*]\s+\[[ xX]\]\s+/m;

/** Markdown files with a checklist, or named like a plan; checklists first. */
export function planFiles(files: WorkspaceText[]): string[] {
  const scored = files
    .filter((f) => f.path.toLowerCase().endsWith(".md"))
    .map((f) => ({ path: f.path, score: (CHECKBOX.test(f.content) ? 2 : 0) + (PLAN_NAME.test(f.path) ? 1 : 0) }))
    .filter((f) => f.score > 0)
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
  return scored.slice(0, MAX_PLAN_FILES).map((f) => f.path);
}

export function resumeMessage(goal: string, plans: string[]): string {
  const where = plans.length
    ? `The plan and progress are in ${plans.map((p) => `\`${p}\``).join(", ")} in the workspace.`
    : "There is no plan file in the workspace yet.";
  return [
    goal.trim(),
    "",
    "---",
    `This continues an earlier conversation on the same workspace. ${where} ` +
      "Use list_actions to see what was already sent before sending anything.",
  ].join("\n");
}
