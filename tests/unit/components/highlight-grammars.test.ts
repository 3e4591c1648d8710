import hljs from "highlight.js/lib/core";
import { common } from "lowlight";
import { describe, expect, it } from "vitest";
import { ALIASES, EMBEDDED, GRAMMARS, grammarOf } from "@/components/chat/highlight-grammars";

/** Every subLanguage a grammar's modes name, walked through its nested modes. */
function embeddedLanguages(name: string): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (mode: unknown) => {
    if (!mode || typeof mode !== "object" || seen.has(mode)) return;
    seen.add(mode);
    const m = mode as Record<string, unknown>;
    if (m.subLanguage) for (const s of ([] as string[]).concat(m.subLanguage as string | string[])) found.add(s);
    for (const key of ["contains", "variants", "starts"]) {
      const v = m[key];
      if (Array.isArray(v)) v.forEach(walk);
      else walk(v);
    }
  };
  walk(common[name](hljs));
  found.delete(name);
  return [...found].filter((s) => s in common).sort();
}

describe("the highlighter's grammar table", () => {
  it("loads exactly lowlight's common grammars, each the grammar lowlight has under its name", async () => {
    expect(Object.keys(GRAMMARS).sort()).toEqual(Object.keys(common).sort());
    // The same language (compared by what it declares: the test may load highlight.js's CommonJS
    // build where lowlight has its ES one).
    const declared = (g: (typeof common)[string]) => ({ name: g(hljs).name, aliases: g(hljs).aliases });
    for (const [name, load] of Object.entries(GRAMMARS)) expect(declared((await load()).default), name).toEqual(declared(common[name]));
  });

  it("knows every alias the grammars declare, and no other", () => {
    const declared: Record<string, string> = {};
    for (const [name, grammar] of Object.entries(common)) for (const alias of grammar(hljs).aliases ?? []) declared[alias] = name;
    expect(ALIASES).toEqual(declared);
  });

  it("loads with each grammar the common grammars it embeds", () => {
    for (const name of Object.keys(common)) expect([...(EMBEDDED[name] ?? [])].sort(), name).toEqual(embeddedLanguages(name));
  });

  it("finds a grammar by name or alias, and nothing for other names", () => {
    expect(grammarOf("typescript")).toBe("typescript");
    expect(grammarOf("ts")).toBe("typescript");
    expect(grammarOf("html")).toBe("xml");
    expect(grammarOf("constructor")).toBeUndefined();
    expect(grammarOf("no-such-language")).toBeUndefined();
  });
});
