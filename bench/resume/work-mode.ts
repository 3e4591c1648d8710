import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import type { OfflineStep } from "@/lib/ai/offline/behaviours";
import { exchanges, type Exchange } from "@/lib/ai/offline/exchanges";
import { messageText } from "@/lib/ai/offline/serialize";
import { callSiteEdit, parsePlan, tickedLine, type Plan } from "./work-plan";

/*
 * The work mode (bench/resume/README.md), a behaviour loaded into the offline model for the resume
 * harness and its tests only (offline-behaviours.ts): a line `work <plan file>` in the last user message.
 * Each turn reads the plan, does the next unticked item with edit_file and ticks it (one item per
 * turn); when none is left it checks list_actions and sends the summary through the ledger only if
 * no send for it is recorded. Its only memory is this turn's tool results: what the workspace and
 * the ledger say, never the earlier conversation. Pure: it decides the next step from the prompt.
 */

const WORK_LINE = /^work\s+(?:`([^`]+)`|"([^"]+)"|(\S+))\s*$/i;
/** Unresolved sends are never repeated: the sweeper or the person settles them. */
const UNSETTLED = new Set(["started", "unknown", "needs_human", "failed_retryable"]);

export function workPlanPath(userText: string): string | null {
  let inFence = false;
  for (const raw of userText.split(/\r?\n/)) {
    if (/^\s*(`{3,}|~{3,})/.test(raw)) inFence = !inFence;
    if (inFence) continue;
    const m = WORK_LINE.exec(raw.trim());
    if (m) return m[1] ?? m[2] ?? m[3];
  }
  return null;
}

export function planWorkStep(prompt: LanguageModelV4Prompt, offered: ReadonlySet<string>): OfflineStep | null {
  const lastUserIndex = prompt.findLastIndex((m) => m.role === "user");
  if (lastUserIndex < 0) return null;
  const planPath = workPlanPath(messageText(prompt[lastUserIndex]));
  if (!planPath) return null;
  const missing = ["read_file", "edit_file", "list_actions", "send_email"].filter((t) => !offered.has(t));
  if (missing.length) return { text: `Work mode needs the tools ${missing.join(", ")}; not offered in this request.`, toolCalls: [] };

  const turn = exchanges(prompt.slice(lastUserIndex + 1));
  const last = turn[turn.length - 1];
  if (!last) return call(`Working from ${planPath}: reading the plan.`, "read_file", { path: planPath });
  const planRead = turn.find((e) => e.toolName === "read_file" && e.input.path === planPath);
  const planText = typeof planRead?.output?.content === "string" ? planRead.output.content : null;
  if (planText === null) return done(`I could not read the plan ${planPath}: ${describe(planRead?.output)}`);
  const plan = parsePlan(planText);
  const next = plan.items.find((i) => !i.done);

  if (last === planRead) {
    if (next) return call(`Next item: \`${next.path}\` (\`${next.symbol}\`).`, "read_file", { path: next.path });
    return call(`Every item of ${planPath} is ticked. Checking the actions already taken before sending the summary.`, "list_actions", {});
  }
  if (last.toolName === "read_file" && next && last.input.path === next.path) return migrate(plan, planPath, next, last);
  if (last.toolName === "edit_file") {
    const left = plan.items.filter((i) => !i.done).length - 1;
    const failed = turn.filter((e) => e.toolName === "edit_file" && e.output?.ok !== true);
    if (failed.length) return done(`An edit failed: ${failed.map((e) => describe(e.output)).join("; ")}`);
    return done(`Done: \`${next?.path}\` (\`${next?.symbol}\`), ticked in ${planPath}. ${left} item(s) left.`);
  }
  if (last.toolName === "list_actions") return summarize(plan, last);
  if (last.toolName === "send_email") {
    return done(
      last.output?.ok === true
        ? `Summary sent (${String(last.output.resultId ?? "")}). The plan is complete.`
        : `The summary send did not complete: ${describe(last.output)}`,
    );
  }
  return done(`Work mode stopped: unexpected result of ${last.toolName}: ${describe(last.output)}`);
}

function migrate(plan: Plan, planPath: string, item: Plan["items"][number], read: Exchange): OfflineStep {
  const content = typeof read.output?.content === "string" ? read.output.content : null;
  if (content === null) return done(`I could not read ${item.path}: ${describe(read.output)}`);
  if (!plan.rename) return done(`${planPath} does not say what to rename (a line "from \`old\` to \`new\`").`);
  const tick = { toolName: "edit_file", input: { path: planPath, oldText: item.line, newText: tickedLine(item) } };
  const edit = callSiteEdit(content, item.symbol, plan.rename);
  if (edit === null) return done(`I could not find \`${item.symbol}\` calling \`${plan.rename.from}\` in ${item.path}.`);
  // Already migrated (the edit landed but the tick did not): only the tick is missing.
  if (edit === "migrated") return { text: `\`${item.symbol}\` already calls \`${plan.rename.to}\`; ticking it.`, toolCalls: [tick] };
  return {
    text: `Moving \`${item.symbol}\` to \`${plan.rename.to}\` and ticking it in ${planPath}.`,
    toolCalls: [{ toolName: "edit_file", input: { path: item.path, ...edit } }, tick],
  };
}

function summarize(plan: Plan, listed: Exchange): OfflineStep {
  if (!plan.summaryTo)
    return done('Every item is ticked, but the plan does not say who gets the summary (a line "Send the summary to: <address>").');
  const subject = summarySubject(plan);
  const actions = Array.isArray(listed.output?.actions) ? (listed.output.actions as Record<string, unknown>[]) : [];
  const same = actions.filter(
    (a) => a.type === "send_email" && a.subject === subject && String(a.to).toLowerCase() === plan.summaryTo!.toLowerCase(),
  );
  const sent = same.find((a) => a.status === "succeeded");
  if (sent) return done(`The summary was already sent (${String(sent.resultId ?? sent.key)}); not sending it again. The plan is complete.`);
  const unsettled = same.find((a) => UNSETTLED.has(String(a.status)));
  if (unsettled) {
    return done(
      `A summary send is recorded as ${String(unsettled.status)}: its outcome is not known, so I am not sending it again. It is reconciled automatically, or you can mark it sent or send it again from the actions panel.`,
    );
  }
  const body = [
    `# ${plan.title}`,
    "",
    `${plan.items.length} call sites moved${plan.rename ? ` from \`${plan.rename.from}\` to \`${plan.rename.to}\`` : ""}:`,
    "",
    ...plan.items.map((i) => `- \`${i.path}\` (\`${i.symbol}\`)`),
  ].join("\n");
  return call("Nothing recorded for the summary yet: sending it.", "send_email", { to: plan.summaryTo, subject, body });
}

export function summarySubject(plan: Pick<Plan, "title">): string {
  return `Summary: ${plan.title.replace(/`/g, "")}`.slice(0, 200);
}

function call(text: string, toolName: string, input: Record<string, unknown>): OfflineStep {
  return { text, toolCalls: [{ toolName, input }] };
}

function done(text: string): OfflineStep {
  return { text, toolCalls: [] };
}

function describe(output: Record<string, unknown> | null | undefined): string {
  if (!output) return "no result";
  return String(output.message ?? output.error ?? JSON.stringify(output)).slice(0, 300);
}
