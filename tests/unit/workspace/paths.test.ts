import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AppError } from "@/lib/errors";
import { MAX_DEPTH, normalizePath } from "@/lib/workspace/paths";

function rejection(input: string): AppError {
  try {
    normalizePath(input);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe("invalid_path");
    expect(e.status).toBe(400);
    return e;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

const cases: Array<[rule: string, pattern: RegExp, inputs: string[]]> = [
  ["empty", /empty\. Give a file path/, ["", " ", "   ", "\u3000"]],
  [
    "absolute",
    /relative to the workspace/,
    ["/x", "/", "/etc/passwd", "//server/share", "\\x", "\\\\server\\share", "C:\\x", "C:/x", "c:x", "Z:", "/notes.md"],
  ],
  ["backslash", /backslash\. Separate folders with "\/"/, ["a\\b", "plans\\migration.md", "..\\..\\etc", "notes.md\\"]],
  ["traversal", /"\.\." segment/, ["..", "../x", "a/../b", "a/..", "../../etc/passwd", "notes/../../secret"]],
  ["dot", /"\." segment/, [".", "./a", "a/./b", "a/."]],
  ["empty segment", /empty segment/, ["a//b", "a///b", "plans//notes.md"]],
  ["trailing slash", /ends with "\/"/, ["a/", "plans/", "a//"]],
  ["control", /control character/, ["a\u0000b", "a\nb", "notes.md\n", "a\tb", "\rnotes", "a\u001fb", "a\u007fb", "a\u0085b", "a\u009bb"]],
  [
    "invisible",
    /invisible line separator or text-direction/,
    [
      "a\u2028b",
      "a\u2029b",
      "evil\u202Etxt.md",
      "a\u2066b",
      "a\u200Fb",
      "note\u200Bs.md",
      "a\u200Db",
      "\uFEFFnotes.md",
      "soft\u00ADhyphen",
      "a\u2060b",
      "x\u180Ey",
      "a\u061Cb",
    ],
  ],
  ["lookalike space", /space other than the ordinary one/, ["notes\u00a0md", "a\u2003b/c.md", "plans/x\u3000y.md", "a\u202Fb"]],
  ["segment whitespace", /starts or ends with a space/, [" notes.md", "notes.md ", "a /b", "a/ b", "plans/\u00a0x", "x\u2003"]],
  ["trailing dot", /ends with "\."/, ["notes.", "a./b", "a/...", "plans../x"]],
];

describe("normalizePath rejects", () => {
  for (const [rule, pattern, inputs] of cases) {
    it.each(inputs.map((i) => [JSON.stringify(i), i]))(`${rule}: %s`, (_label, input) => {
      expect(rejection(input).message).toMatch(pattern);
    });
  }

  it("paths longer than the limit, counting characters not bytes", () => {
    const long = Array.from({ length: 5 }, () => "a".repeat(60)).join("/"); // 304 chars, 5 segments
    expect(rejection(long).message).toMatch(/too long: 304 characters, at most 256/);
    const okUnicode = Array.from({ length: 4 }, () => "é".repeat(60)).join("/"); // 243 chars, 486 bytes
    expect(normalizePath(okUnicode)).toBe(okUnicode);
  });

  it("paths deeper than the limit", () => {
    const deep = Array.from({ length: MAX_DEPTH + 1 }, (_, i) => `d${i}`).join("/");
    expect(rejection(deep).message).toMatch(new RegExp(`nested too deeply: ${MAX_DEPTH + 1} levels, at most ${MAX_DEPTH}`));
    const ok = Array.from({ length: MAX_DEPTH }, (_, i) => `d${i}`).join("/");
    expect(normalizePath(ok)).toBe(ok);
  });

  it("names longer than the limit", () => {
    expect(rejection("a".repeat(101)).message).toMatch(/name of 101 characters; at most 100/);
    expect(rejection(`plans/${"b".repeat(150)}.md`).message).toMatch(/at most 100 allowed per name/);
    expect(normalizePath("a".repeat(100))).toBe("a".repeat(100));
    expect(normalizePath("🙂".repeat(100))).toHaveLength(200); // code points, not UTF-16 units
  });

  it("huge inputs quickly and echoes only a prefix in details", () => {
    const e = rejection("x/".repeat(100_000));
    expect(String(e.details?.path).length).toBeLessThanOrEqual(301);
  });

  it("non-strings", () => {
    expect(rejection(undefined as unknown as string).message).toMatch(/must be a string/);
    expect(rejection(42 as unknown as string).message).toMatch(/must be a string/);
  });

  it("with the offending input in details", () => {
    expect(rejection("../x").details).toEqual({ path: "../x" });
  });
});

describe("normalizePath accepts", () => {
  it.each([
    "notes.md",
    "migration.md",
    "routine/notes.md",
    "a/b/c/d/e/f/g/h.txt",
    ".gitignore",
    "plans/.hidden",
    "my notes.md",
    "notes..md",
    "v1.2.3",
    "~",
    "~notes",
    "-rf",
    "notes:v2.md",
    "ab:c",
    "name with spaces/inner file.md",
    "日本語/ノート.md",
    "émoji 🙂.md",
    "Ωmega/ß.txt",
    "👨‍👩‍👧.md",
    "....md",
    "a.b.c",
  ])("%s", (input) => {
    expect(normalizePath(input)).toBe(input.normalize("NFC"));
  });

  it("normalizes Unicode to NFC so one name has one spelling", () => {
    const decomposed = "cafe\u0301.md";
    expect(normalizePath(decomposed)).toBe("caf\u00e9.md");
    expect(normalizePath(decomposed)).toBe(normalizePath("café.md"));
  });

  it("is idempotent and never returns a path with forbidden parts (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: "grapheme" }), (input) => {
        let out: string;
        try {
          out = normalizePath(input);
        } catch (err) {
          expect((err as AppError).code).toBe("invalid_path");
          return;
        }
        expect(normalizePath(out)).toBe(out);
        expect(out.startsWith("/")).toBe(false);
        expect(out.includes("\\")).toBe(false);
        expect(out.split("/")).not.toContain("..");
        expect(out.split("/")).not.toContain("");
      }),
    );
  });
});
