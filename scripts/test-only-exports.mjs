#!/usr/bin/env node
// Lists the exports of lib/ that only tests/ and bench/ use: `node scripts/test-only-exports.mjs`.
// An export is used by the app when its name appears, as a word, in another file of app/,
// components/, lib/, scripts/, instrumentation.ts or proxy.ts (a name that is also a common word is
// thus counted as used: the check errs towards silence, never towards a false alarm). Types count:
// a type only a test names belongs with that test. tests/unit/test-only-exports.test.ts fails on
// any listed export.
import fs from "node:fs";
import path from "node:path";

const APP = ["app", "components", "lib", "scripts", "instrumentation.ts", "proxy.ts"];
const TESTS = ["tests", "bench"];
const SKIP = new Set(["node_modules", "generated"]);

function files(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith(".")) return [];
    if (e.isDirectory()) return files(root, path.join(entry, e.name));
    return /\.(tsx?|mjs)$/.test(e.name) ? [path.join(root, entry, e.name)] : [];
  });
}

const DECLARED =
  /^export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LISTED = /^export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from)/gm;

function exportsOf(source) {
  const names = new Set();
  for (const m of source.matchAll(DECLARED)) names.add(m[1]);
  for (const m of source.matchAll(LISTED)) {
    for (const part of m[1].split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/** [{ file, name }] for each export of lib/ used by tests/ or bench/ and by no other app file. */
export function testOnlyExports(root) {
  const appFiles = APP.flatMap((e) => files(root, e)).map((f) => ({ f, text: fs.readFileSync(f, "utf8") }));
  const testText = TESTS.flatMap((e) => files(root, e)).map((f) => fs.readFileSync(f, "utf8"));
  const found = [];
  for (const { f, text } of appFiles) {
    if (!f.startsWith(path.join(root, "lib") + path.sep)) continue;
    for (const name of exportsOf(text)) {
      const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`);
      if (appFiles.some((o) => o.f !== f && word.test(o.text))) continue;
      if (testText.some((t) => word.test(t))) found.push({ file: path.relative(root, f), name });
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = testOnlyExports(path.resolve(import.meta.dirname, ".."));
  for (const { file, name } of found) console.log(`${file}: ${name}`);
  console.log(`${found.length} export(s) of lib/ used only by tests/ or bench/`);
}
