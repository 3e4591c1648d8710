import fs from "node:fs";
import path from "node:path";

/*
 * The app's own source, read from disk for tests that check how modules depend on each other:
 * which files exist (pages, layouts, route handlers, server actions) and what each imports.
 */

export const ROOT = path.resolve(import.meta.dirname, "../../..");

const SKIP = new Set(["node_modules", "generated", ".next", "test-data", "tests", "bench"]);

/** Every .ts/.tsx file under these folders (relative to the repo, with forward slashes). */
export function sourceFiles(...dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith(".")) continue;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}

export const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

export type Import = { from: string; names: string[]; typeOnly: boolean };

/** The static and dynamic imports (and re-exports) of a source text. */
export function importsOf(text: string): Import[] {
  const out: Import[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']/g;
  for (const m of text.matchAll(statement)) {
    if (m[1] === "export" && !/[{*]/.test(m[3])) continue;
    const names = [...m[3].matchAll(/(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)]
      .filter((n) => !n[0].startsWith("type "))
      .map((n) => n[1]);
    const typeOnly = !!m[2] || (/^\{[\s\S]*\}$/.test(m[3].trim()) && names.length === 0);
    out.push({ from: m[4], names, typeOnly });
  }
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) out.push({ from: m[1], names: [], typeOnly: false });
  for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) out.push({ from: m[1], names: [], typeOnly: false });
  return out;
}

/** A first-party import resolved to a file of the repo, or null for a package. */
export function resolveImport(fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const full = path.join(ROOT, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return null;
}
