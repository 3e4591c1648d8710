import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractNames, missingNames, namesSection } from "@/lib/context";

const MIGRATION_MD = `# Move callers from \`getAccount\` to \`loadAccount\`
Loader is ready. Keep the CLI output unchanged.
- [ ] \`src/api/accounts.ts\` (\`getAccountHandler\`)
- [ ] \`src/jobs/reconcile.ts\` (\`reconcileAccount\`)
- [ ] \`src/cli/accounts.ts\` (\`showAccount\`)`;

describe("extractNames", () => {
  it("pulls every name and path from the article's migration.md, in order", () => {
    expect(extractNames(MIGRATION_MD)).toEqual([
      "getAccount",
      "loadAccount",
      "src/api/accounts.ts",
      "getAccountHandler",
      "src/jobs/reconcile.ts",
      "reconcileAccount",
      "src/cli/accounts.ts",
      "showAccount",
    ]);
  });

  it("finds all 101 paths in a long transcript", () => {
    const shapes = [
      (i: number) => `src/module${i}/handler_${i}.ts`,
      (i: number) => `./docs/section-${i}/notes.md`,
      (i: number) => `/etc/service${i}/app.conf`,
      (i: number) => `packages/pkg${i}/lib/index.js`,
      (i: number) => `report${i}.json`,
    ];
    const paths = Array.from({ length: 101 }, (_, i) => shapes[i % shapes.length]!(i));
    const lines = paths.map((path, i) => {
      switch (i % 4) {
        case 0:
          return `Updated ${path}.`;
        case 1:
          return `I read \`${path}\` and it looks fine`;
        case 2:
          return `Next (see ${path}), then continue.`;
        default:
          return `Error at ${path}:${i}:7 while building`;
      }
    });
    const transcript = lines.join("\n");
    const names = extractNames(transcript);
    expect(names.filter((n) => paths.includes(n))).toEqual(paths);
    // handler_N in file names is part of the path, not a separate identifier.
    expect(names).toEqual(paths);
  });

  it("extracts URLs without trailing punctuation, keeping ports", () => {
    const text = "Docs at https://example.com/guide?x=1, and the [spec](https://spec.example.org/v2). Local: http://localhost:3000.";
    expect(extractNames(text)).toEqual(["https://example.com/guide?x=1", "https://spec.example.org/v2", "http://localhost:3000"]);
  });

  it("recognises camelCase, PascalCase, acronym-led and snake_case identifiers", () => {
    const text = "Call getAccountHandler from LoadAccount via reconcile_account, XMLParser, MAX_TOKENS and __init__.";
    expect(extractNames(text)).toEqual(["getAccountHandler", "LoadAccount", "reconcile_account", "XMLParser", "MAX_TOKENS", "__init__"]);
  });

  it("skips plain English, abbreviations and one-slash word pairs", () => {
    const text =
      "The Loader is ready, e.g. for callers and/or jobs w/o retries; i.e. JSON output stays. Don't change it. Version 3.14 on 10/12/2024.";
    expect(extractNames(text)).toEqual([]);
  });

  it("finds bare file names, dotfiles, directories and home paths", () => {
    const text = "Write migration.md, check .env and .eslintrc.json, look in src/components/ and ~/notes, read /etc/x.conf.";
    expect(extractNames(text)).toEqual(["migration.md", ".env", ".eslintrc.json", "src/components/", "~/notes", "/etc/x.conf"]);
  });

  it("finds identifiers inside calls and member access", () => {
    expect(extractNames("Use accounts.getAccountHandler() and wrap(reconcile_account).")).toEqual([
      "getAccountHandler",
      "reconcile_account",
    ]);
  });

  it("keeps backticked code verbatim and scans backticked phrases", () => {
    expect(extractNames("Run `main` then `npm run db:migrate src/db/schema.prisma`.")).toEqual(["main", "src/db/schema.prisma"]);
  });

  it("deduplicates, keeping first appearance order", () => {
    expect(extractNames("a.ts then getX then `a.ts` then getX again and b.ts")).toEqual(["a.ts", "getX", "b.ts"]);
  });

  it("is empty for empty text", () => {
    expect(extractNames("")).toEqual([]);
  });
});

describe("missingNames", () => {
  it("returns names not present verbatim", () => {
    const summary = "Migration in progress; getAccountHandler done, src/api/accounts.ts updated.";
    expect(missingNames(["getAccountHandler", "src/api/accounts.ts", "src/jobs/reconcile.ts", "showAccount"], summary)).toEqual([
      "src/jobs/reconcile.ts",
      "showAccount",
    ]);
  });

  it("is case sensitive, since paraphrased case breaks lookups", () => {
    expect(missingNames(["LoadAccount"], "loadaccount")).toEqual(["LoadAccount"]);
  });
});

describe("namesSection", () => {
  it("renders a markdown list of names in backticks", () => {
    expect(namesSection(["src/a.ts", "getX"])).toBe("## Names and paths\n- `src/a.ts`\n- `getX`");
  });

  it("is empty when nothing was lost", () => {
    expect(namesSection([])).toBe("");
  });

  it("uses a longer fence for names containing backticks", () => {
    expect(namesSection(["a`b"])).toBe("## Names and paths\n- ``a`b``");
  });

  it("property: appending the section for missing names restores every name", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_./`-]{1,30}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 20 }), fc.string(), (names, summary) => {
        const lost = missingNames(names, summary);
        const repaired = `${summary}\n\n${namesSection(lost)}`;
        expect(missingNames(names, repaired)).toEqual([]);
      }),
    );
  });

  it("property: names extracted from a text all appear in it verbatim", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(missingNames(extractNames(text), text)).toEqual([]);
      }),
    );
  });
});
