import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "../../../scripts/compile-hints.mjs";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function distWith(files: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "hints-"));
  dirs.push(dist);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist, "static", "chunks", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return dist;
}

const read = (dist: string, name: string) => fs.readFileSync(path.join(dist, "static", "chunks", name), "utf8");

describe("addCompileHints (after next build)", () => {
  it("puts the hint first in every script chunk, nested ones too, and leaves other files alone", () => {
    const dist = distWith({ "a.js": "var a=1;", "pages/b.js": "var b=2;", "c.css": "body{}" });
    expect(addCompileHints(dist)).toBe(2);
    expect(read(dist, "a.js")).toBe(`${COMPILE_HINT}var a=1;`);
    expect(read(dist, "pages/b.js")).toBe(`${COMPILE_HINT}var b=2;`);
    expect(read(dist, "c.css")).toBe("body{}");
  });

  it("is idempotent: a second run changes nothing", () => {
    const dist = distWith({ "a.js": "var a=1;" });
    addCompileHints(dist);
    expect(addCompileHints(dist)).toBe(0);
    expect(read(dist, "a.js")).toBe(`${COMPILE_HINT}var a=1;`);
  });

  it("does nothing without a build", () => {
    expect(addCompileHints(path.join(os.tmpdir(), "no-such-build"))).toBe(0);
  });
});
