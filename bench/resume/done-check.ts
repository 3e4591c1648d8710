import { callSites, siteFile, type CallSite } from "./fixture";

/*
 * Whether the resume task is done, from the workspace and the provider's log only (pure): every
 * call site changed in its file (and nothing else in those files, so the CLI output is the same),
 * every line of the plan ticked, exactly one summary email.
 */

export type SentEmail = { to: string; subject: string };

export type DoneReport = {
  finished: boolean;
  sitesLeft: CallSite[];
  /** Call-site files that differ from the expected migrated text (other lines changed). */
  filesAltered: string[];
  unticked: number;
  summarySends: number;
};

export function checkDone(opts: {
  n: number;
  files: Map<string, string>;
  planPath: string;
  summaryTo: string;
  sent: SentEmail[];
}): DoneReport {
  const sites = callSites(opts.n);
  const sitesLeft = sites.filter((s) => !siteMigrated(opts.files.get(s.path) ?? "", s.symbol));
  const filesAltered = [...new Set(sites.map((s) => s.path))].filter(
    (p) => sitesLeft.every((s) => s.path !== p) && opts.files.get(p) !== siteFile(p, sites, "getAccount"),
  );
  const plan = opts.files.get(opts.planPath) ?? "";
  const unticked = (plan.match(/^\s*[-*]\s+\[ \]/gm) ?? []).length;
  const ticked = (plan.match(/^\s*[-*]\s+\[[xX]\]/gm) ?? []).length;
  const summarySends = opts.sent.filter((e) => e.to.toLowerCase() === opts.summaryTo && /^summary:/i.test(e.subject)).length;
  return {
    finished: sitesLeft.length === 0 && filesAltered.length === 0 && unticked === 0 && ticked === sites.length && summarySends === 1,
    sitesLeft,
    filesAltered,
    unticked,
    summarySends,
  };
}

/** The function calls getAccount and no longer loadAccount. */
export function siteMigrated(content: string, symbol: string): boolean {
  const start = content.indexOf(`function ${symbol}(`);
  if (start < 0) return false;
  const end = content.indexOf("\n}", start);
  const body = content.slice(start, end < 0 ? undefined : end);
  return body.includes("getAccount(") && !body.includes("loadAccount(");
}
