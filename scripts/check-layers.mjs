#!/usr/bin/env node
// The folders under lib/ are layers (docs/architecture.md, "Layers"): a folder imports only folders
// below it, so no two folders import each other, directly or around a loop. ESLint's import/no-cycle
// works per file, so this checks the folder graph; `npm run lint` runs it and fails on a cycle,
// printing the loop and one import for each of its steps.
//
// Type-only imports count (a type from a higher folder still ties the lower one to it), except those
// of a contracts folder: lib/api holds only types (lint-enforced), emits no code, and describes the
// wire that every layer and the browser share.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const CONTRACT_FOLDERS = ["api"];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(["generated"]);

/** Every import in lib/ that leaves its folder: `{ from, to, file, specifier, typeOnly }`. */
export function crossFolderImports(root) {
  const lib = path.join(root, "lib");
  const out = [];
  for (const file of sourceFiles(lib)) {
    const from = folderOf(lib, file);
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
    for (const { specifier, typeOnly } of importsOf(source)) {
      const target = libTarget(root, file, specifier);
      if (!target) continue;
      const to = folderOf(lib, target);
      if (to !== from) out.push({ from, to, file: path.relative(root, file), specifier, typeOnly });
    }
  }
  return out;
}

/** The folder graph: folder -> (folder it imports -> the imports that make the edge). */
export function folderGraph(imports, contractFolders = CONTRACT_FOLDERS) {
  const graph = new Map();
  for (const imp of imports) {
    if (imp.typeOnly && contractFolders.includes(imp.to)) continue;
    if (!graph.has(imp.from)) graph.set(imp.from, new Map());
    if (!graph.has(imp.to)) graph.set(imp.to, new Map());
    const edges = graph.get(imp.from);
    if (!edges.has(imp.to)) edges.set(imp.to, []);
    edges.get(imp.to).push(imp);
  }
  return graph;
}

/** One loop per strongly connected group of folders, as a path that ends where it starts. */
export function folderCycles(graph) {
  return stronglyConnected(graph)
    .filter((group) => group.length > 1)
    .map((group) => shortestLoop(graph, new Set(group), [...group].sort()[0]));
}

/** Bottom-up levels of an acyclic graph: a folder sits one above the highest folder it imports. */
export function folderLevels(graph) {
  const level = new Map();
  const visit = (f) => {
    if (!level.has(f)) level.set(f, 1 + Math.max(-1, ...[...graph.get(f).keys()].map(visit)));
    return level.get(f);
  };
  for (const f of graph.keys()) visit(f);
  const levels = [];
  for (const [f, l] of level) (levels[l] ??= []).push(f);
  return levels.map((folders) => folders.sort());
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(full);
    } else if (SOURCE.test(entry.name)) yield full;
  }
}

/** A folder under lib/, or a file directly in lib/ (config.ts, errors.ts) as a node of its own. */
function folderOf(lib, file) {
  const [first, ...rest] = path.relative(lib, file).split(path.sep);
  if (rest.length > 0 || isDirectory(path.join(lib, first))) return first;
  return SOURCE.test(first)
    ? first
    : (["ts", "tsx", "mjs"].map((ext) => `${first}.${ext}`).find((f) => fs.existsSync(path.join(lib, f))) ?? first);
}

function isDirectory(p) {
  return fs.existsSync(p) && fs.statSync(p).isDirectory();
}

/** The imported path when it lies in lib/ (`@/lib/...` or relative), else null. */
function libTarget(root, file, specifier) {
  let target;
  if (specifier.startsWith("@/")) target = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const rel = path.relative(path.join(root, "lib"), target);
  return rel === "" || rel.startsWith("..") || path.isAbsolute(rel) ? null : target;
}

function importsOf(source) {
  const found = [];
  const allTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && allTypes(named)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || (!!named && allTypes(named)) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Tarjan's algorithm.
function stronglyConnected(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v).keys()) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    groups.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return groups;
}

/** Breadth-first from `start` back to it, inside one strongly connected group. */
function shortestLoop(graph, group, start) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v).keys()) {
      if (!group.has(w)) continue;
      if (w === start) {
        const back = [];
        for (let u = v; u !== start; u = cameFrom.get(u)) back.push(u);
        return [start, ...back.reverse(), start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

function report(root, showLevels) {
  const graph = folderGraph(crossFolderImports(root));
  const cycles = folderCycles(graph);
  if (cycles.length === 0) {
    console.log(`check-layers: ${graph.size} folders under lib/, no import cycle`);
    if (showLevels) folderLevels(graph).forEach((folders, i) => console.log(`  ${i}: ${folders.join(" ")}`));
    return 0;
  }
  for (const loop of cycles) {
    console.error(`check-layers: the folders under lib/ import each other in a loop: ${loop.join(" -> ")}`);
    for (let i = 0; i + 1 < loop.length; i++) {
      const [first, ...others] = graph.get(loop[i]).get(loop[i + 1]);
      const type = first.typeOnly ? " (type-only)" : "";
      console.error(
        `  ${loop[i]} -> ${loop[i + 1]}: ${first.file} imports "${first.specifier}"${type}${others.length ? ` (+${others.length} more)` : ""}`,
      );
    }
  }
  console.error("Move the shared piece down, the orchestrating piece up, or pass the dependency in (docs/architecture.md, Layers).");
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? ".");
  process.exitCode = report(root, args.includes("--levels"));
}
