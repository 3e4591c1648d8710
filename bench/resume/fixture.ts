/*
 * The resume task's fixture (pure): a small repository with N call sites of `loadAccount` spread
 * over a few files, a checklist in migration.md, and the goal a person would type. The done-check
 * (done-check.ts) compares the workspace against what this builds, so "finished" is code.
 */

export const DEFAULT_CALL_SITES = 12;
export const PLAN_PATH = "migration.md";
export const SUMMARY_TO = "me@example.com";
export const GOAL = "move every caller from loadAccount to getAccount, keep the CLI output unchanged, then email me a summary";
/** The work mode's line (work-mode.ts); only the offline model gets it (resume-run.ts). */
export const WORK_LINE = `work ${PLAN_PATH}`;

export type CallSite = { path: string; symbol: string };
export type FixtureFile = { path: string; content: string };
export type Fixture = { files: FixtureFile[]; callSites: CallSite[]; planPath: string; summaryTo: string; goalMessage: string };

const FILES = [
  "src/api/accounts.ts",
  "src/jobs/reconcile.ts",
  "src/cli/accounts.ts",
  "src/billing/invoice.ts",
  "src/reports/monthly.ts",
  "src/admin/support.ts",
];
const SYMBOLS = [
  "getAccountHandler",
  "reconcileAccount",
  "showAccount",
  "invoiceFor",
  "monthlyRow",
  "supportView",
  "updateAccountHandler",
  "closeDormant",
  "listAccount",
  "creditNote",
  "yearlyRow",
  "impersonate",
];

const STORE = [
  "export type Account = { id: string; name: string; balance: number };",
  "",
  'const accounts = new Map<string, Account>([["a1", { id: "a1", name: "Ada", balance: 42 }]]);',
  "",
  "/** @deprecated use getAccount */",
  "export async function loadAccount(id: string): Promise<Account> {",
  "  return getAccount(id);",
  "}",
  "",
  "export async function getAccount(id: string): Promise<Account> {",
  "  const account = accounts.get(id);",
  "  if (!account) throw new Error(`no account ${id}`);",
  "  return account;",
  "}",
  "",
].join("\n");

export function callSites(n: number = DEFAULT_CALL_SITES): CallSite[] {
  return Array.from({ length: n }, (_, i) => ({
    path: FILES[i % FILES.length],
    symbol: i < SYMBOLS.length ? SYMBOLS[i] : `${SYMBOLS[i % SYMBOLS.length]}${i}`,
  }));
}

function siteFunction(site: CallSite, call: string): string {
  // The CLI prints; the others return. The output must not change when the call does.
  const use = site.path.startsWith("src/cli/")
    ? "  console.log(`${account.id}  ${account.name}  ${account.balance.toFixed(2)}`);"
    : "  return { id: account.id, name: account.name };";
  return [`export async function ${site.symbol}(id: string) {`, `  const account = await ${call}(id);`, use, "}", ""].join("\n");
}

/** A call-site file's content with every site calling `call` (loadAccount before, getAccount after). */
export function siteFile(path: string, sites: CallSite[], call: "loadAccount" | "getAccount"): string {
  const header = `import { getAccount, loadAccount } from "../accounts/store";\n\nvoid getAccount;\nvoid loadAccount;\n\n`;
  return (
    header +
    sites
      .filter((s) => s.path === path)
      .map((s) => siteFunction(s, call))
      .join("\n")
  );
}

export function planFile(sites: CallSite[]): string {
  return [
    "# Move callers from `loadAccount` to `getAccount`",
    "",
    "`getAccount` returns the same account as `loadAccount`; keep the CLI output unchanged.",
    `Send the summary to: ${SUMMARY_TO}`,
    "",
    ...sites.map((s) => `- [ ] \`${s.path}\` (\`${s.symbol}\`)`),
    "",
  ].join("\n");
}

export function buildFixture(n: number = DEFAULT_CALL_SITES): Fixture {
  const sites = callSites(n);
  const paths = [...new Set(sites.map((s) => s.path))];
  return {
    files: [
      { path: "src/accounts/store.ts", content: STORE },
      ...paths.map((path) => ({ path, content: siteFile(path, sites, "loadAccount") })),
      { path: PLAN_PATH, content: planFile(sites) },
    ],
    callSites: sites,
    planPath: PLAN_PATH,
    summaryTo: SUMMARY_TO,
    goalMessage: `${GOAL}\n\n${WORK_LINE}`,
  };
}
