import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import type { OfflineToolCall } from "./respond";

/*
 * Behaviours loaded for tests (README.md, "Behaviours loaded for tests"). What lib/ai/offline does
 * is general: the same for any person, naming no test's files or wording. A reply scripted for
 * one fixture (the resume harness's work mode) lives under tests/ or bench/ and reaches the model
 * in one way only: OFFLINE_BEHAVIOURS names its module, the model imports it on its first call and
 * asks its behaviours first. `npm start` never sets it, so a production server loads nothing from
 * tests/ or bench/, and the import is left out of the Next.js bundle (webpackIgnore/turbopackIgnore)
 * so the build never pulls those files into its module graph.
 */

/** One step of a reply: text, and the tool calls to make (none ends the turn). */
export type OfflineStep = { text: string; toolCalls: OfflineToolCall[] };

export type OfflineBehaviour = {
  name: string;
  /** Null: not this behaviour's message, and the general model answers. Must be pure. */
  reply(prompt: LanguageModelV4Prompt, offered: ReadonlySet<string>): OfflineStep | null;
};

export const BEHAVIOURS_ENV = "OFFLINE_BEHAVIOURS";
const ALLOWED_ROOTS = ["tests", "bench"];

let loaded: { spec: string; behaviours: Promise<readonly OfflineBehaviour[]> } | null = null;

/** The behaviours named by OFFLINE_BEHAVIOURS (none when unset), imported once per value. */
export function offlineBehaviours(env: Record<string, string | undefined> = process.env): Promise<readonly OfflineBehaviour[]> {
  const spec = env[BEHAVIOURS_ENV]?.trim() ?? "";
  if (spec === "") return Promise.resolve([]);
  if (loaded?.spec !== spec) loaded = { spec, behaviours: load(spec) };
  return loaded.behaviours;
}

/** Where the module is, or why it is refused: only a file inside the checkout's tests/ or bench/. */
export function behavioursFile(spec: string, root: string = process.cwd()): string {
  const file = path.resolve(root, spec);
  const inside = path.relative(root, file).split(path.sep);
  if (!ALLOWED_ROOTS.includes(inside[0] ?? "") || inside.includes("..") || inside.length < 2) {
    throw new Error(`${BEHAVIOURS_ENV} must name a module under tests/ or bench/ of this checkout (test-only), got "${spec}"`);
  }
  return file;
}

async function load(spec: string): Promise<readonly OfflineBehaviour[]> {
  const file = behavioursFile(spec);
  const mod = (await importModule(file)) as { offlineBehaviours?: unknown };
  const list = mod.offlineBehaviours;
  if (!Array.isArray(list) || !list.every(isBehaviour)) {
    throw new Error(`${BEHAVIOURS_ENV}: ${spec} must export offlineBehaviours, an array of { name, reply(prompt, offered) }`);
  }
  console.log(`[offline] test behaviours loaded from ${spec}: ${list.map((b) => b.name).join(", ")}`);
  return list;
}

async function importModule(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href;
  try {
    // vitest and `npm run bench` (tsx) import TypeScript themselves.
    return await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ url);
  } catch (err) {
    if ((err as { code?: string }).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw err;
    // A plain Node process (the production build under the e2e suite) cannot: tsx, a dev
    // dependency, compiles the module for this one import without hooking the rest of the server.
    const api = "tsx/esm/api";
    const { tsImport } = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ api)) as {
      tsImport: (specifier: string, parent: string) => Promise<unknown>;
    };
    return tsImport(url, pathToFileURL(path.join(process.cwd(), "/")).href);
  }
}

function isBehaviour(value: unknown): value is OfflineBehaviour {
  const b = value as Partial<OfflineBehaviour> | null;
  return typeof b === "object" && b !== null && typeof b.name === "string" && typeof b.reply === "function";
}
