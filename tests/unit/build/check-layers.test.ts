import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { crossFolderImports, folderCycles, folderGraph, folderLevels } from "../../../scripts/check-layers.mjs";

const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/check-layers.mjs");
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A fake project: `files` maps paths under lib/ to their source. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, "lib", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return root;
}

const layered = {
  "config.ts": `import { z } from "zod";\nexport const config = () => z;\n`,
  "db/client.ts": `import { config } from "@/lib/config";\nexport const db = () => config();\n`,
  "jobs/lease.ts": `import { db } from "../db/client";\nexport const lease = () => db();\n`,
  "chat/turn.ts": `import { lease } from "@/lib/jobs/lease";\nimport type { Wire } from "@/lib/api";\nexport const turn = (): Wire => lease();\n`,
  "api/index.ts": `import type { turn } from "@/lib/chat/turn";\nexport type Wire = ReturnType<typeof turn>;\n`,
  "sweep/sweeper.ts": `export const start = () => import("@/lib/chat/turn");\n`,
};

const cyclesOf = (root: string) => folderCycles(folderGraph(crossFolderImports(root)));

describe("check-layers: the folders under lib/ form no import cycle", () => {
  it("finds the imports between folders: relative, aliased, dynamic, and lib/'s own files", () => {
    const edges = crossFolderImports(tree(layered)).map((i) => `${i.from} -> ${i.to}${i.typeOnly ? " (type)" : ""}`);
    expect(edges.sort()).toEqual(
      ["api -> chat (type)", "chat -> api (type)", "chat -> jobs", "db -> config.ts", "jobs -> db", "sweep -> chat"].sort(),
    );
  });

  it("passes a layered tree, a type import of the contracts (lib/api) counting for nothing", () => {
    const root = tree(layered);
    expect(cyclesOf(root)).toEqual([]);
    expect(folderLevels(folderGraph(crossFolderImports(root)))).toEqual([["config.ts"], ["db"], ["jobs"], ["chat"], ["api", "sweep"]]);
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("no import cycle");
  });

  it("fails on a loop through three folders and names each step's import", () => {
    const root = tree({ ...layered, "db/threads.ts": `export { turn } from "../chat/turn";\n` });
    expect(cyclesOf(root)).toEqual([["chat", "jobs", "db", "chat"]]);
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("chat -> jobs -> db -> chat");
    expect(run.stderr).toContain(`db -> chat: ${path.join("lib", "db", "threads.ts")} imports "../chat/turn"`);
  });

  it("counts a type-only import between domain folders", () => {
    const root = tree({ ...layered, "jobs/kinds.ts": `import type { turn } from "@/lib/chat/turn";\nexport type Kind = typeof turn;\n` });
    expect(cyclesOf(root)).toEqual([["chat", "jobs", "chat"]]);
  });

  it("counts a value import of the contracts folder", () => {
    const root = tree({
      ...layered,
      "chat/wire.ts": `import { WIRE_VERSION } from "@/lib/api/version";\nexport const v = WIRE_VERSION;\n`,
    });
    expect(cyclesOf(root)).toEqual([["api", "chat", "api"]]);
  });
});
