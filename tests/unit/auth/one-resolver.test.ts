import { describe, expect, it } from "vitest";
import { importsOf, read, resolveImport, sourceFiles } from "./source-files";

/*
 * One door for "who is the caller": every page, layout and route handler found on disk resolves
 * it through lib/auth/session.ts (directly, or through a module of its own under app/ or
 * lib/auth/), or says in a `// caller: public — <reason>` line why it has no caller. A new page or
 * route that does neither fails here. And nothing but the resolver decodes a cookie.
 */

const RESOLVER = "lib/auth/session.ts";
// Files that read a cookie that says nothing about who the caller is, each with the cookie it reads
// (they are still held to the session-cookie checks below).
const PREFERENCE_COOKIE_READERS: Record<string, string> = {
  "app/t/[id]/page.tsx": "WORKSPACE_CHOICE_COOKIE: the workspace panel left open or closed, per thread",
};
const RESOLVER_CALLS = /\b(currentUserId|currentCaller|callerOf)\(/;
const PUBLIC = /\/\/ caller: public — \S.{10,}/;

const pages = sourceFiles("app").filter((f) => /\/(page|layout)\.tsx$/.test(f));
const routes = sourceFiles("app").filter((f) => /\/route\.ts$/.test(f));

/** The file calls the resolver, or imports (not only types) an app/ or lib/auth/ module that does. */
function reachesResolver(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = read(file);
  for (const imp of importsOf(text)) {
    if (imp.typeOnly) continue;
    const target = resolveImport(file, imp.from);
    if (target === RESOLVER && RESOLVER_CALLS.test(text)) return true;
    if (target && target !== RESOLVER && /^(app|lib\/auth)\//.test(target) && reachesResolver(target, seen)) return true;
  }
  return false;
}

describe("every entry point knows its caller through the one resolver", () => {
  it("finds the pages and routes on disk", () => {
    expect(pages).toContain("app/t/[id]/page.tsx");
    expect(pages).toContain("app/layout.tsx");
    expect(routes).toContain("app/api/threads/route.ts");
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each([...pages, ...routes])("%s resolves the caller or says why it is public", (file) => {
    const text = read(file);
    const isPublic = PUBLIC.test(text);
    const resolves = reachesResolver(file);
    expect(resolves || isPublic, `${file}: call the resolver (lib/auth/session.ts) or add "// caller: public — <reason>"`).toBe(true);
    expect(resolves && isPublic, `${file}: resolves the caller, so it is not public`).toBe(false);
  });

  it.each(routes)("%s goes through the route gate (lib/http/handler)", (file) => {
    expect(importsOf(read(file)).some((i) => resolveImport(file, i.from) === "lib/http/handler.ts")).toBe(true);
  });
});

describe("every server action passes the one gate (lib/auth/server-action.ts)", () => {
  const withDirective = sourceFiles("app", "components", "lib").filter((f) => /["']use server["']/.test(read(f)));

  it("finds the server actions, each in a module of its own", () => {
    expect(withDirective).toContain("app/actions/threads.ts");
    // Inline actions ("use server" inside a function) would have no place for the gate.
    for (const file of withDirective) expect(read(file), file).toMatch(/^["']use server["'];/);
  });

  it("the gate resolves the caller through the resolver", () => {
    expect(reachesResolver("lib/auth/server-action.ts")).toBe(true);
  });

  it.each(withDirective)("%s exports only actions built by serverAction()", (file) => {
    const text = read(file);
    const exports = text.split("\n").filter((line) => /^export\b/.test(line));
    expect(exports.length).toBeGreaterThan(0);
    for (const line of exports) expect(line, file).toMatch(/^export const \w+ = serverAction\(/);
    expect(importsOf(text).some((i) => resolveImport(file, i.from) === "lib/auth/server-action.ts")).toBe(true);
  });
});

describe("nothing but the resolver reads a session cookie", () => {
  const files = [...sourceFiles("app", "lib", "components", "scripts"), "proxy.ts", "instrumentation.ts"];

  it.each(files)("%s", (file) => {
    const text = read(file);
    const imports = importsOf(text);
    if (file !== RESOLVER) {
      const decoder = imports.filter((i) => resolveImport(file, i.from) === "lib/auth/guest-cookie.ts");
      expect(decoder.flatMap((i) => i.names).filter((n) => n !== "SESSION_COOKIE")).toEqual([]);
      const jar = imports.filter((i) => i.from === "next/headers").flatMap((i) => i.names);
      if (!(file in PREFERENCE_COOKIE_READERS)) expect(jar, "cookies() from next/headers").not.toContain("cookies");
    }
    if (!file.startsWith("lib/auth/")) {
      expect(text).not.toMatch(/lrc_session|better-auth\.session_token|SESSION_COOKIE/);
      expect(text).not.toMatch(/\.getSession\(/);
    }
    if (file !== "lib/auth/accounts.ts" && file !== RESOLVER) expect(text).not.toMatch(/\bgetSession\(|accountSession\(/);
  });

  it("would catch a module that decodes the cookie itself", () => {
    const imports = importsOf(
      'import { decodeSession, SESSION_COOKIE } from "@/lib/auth/guest-cookie";\nimport { cookies } from "next/headers";',
    );
    expect(imports.flatMap((i) => i.names)).toEqual(["decodeSession", "SESSION_COOKIE", "cookies"]);
    expect(resolveImport("app/t/[id]/prefetch-thread.ts", "@/lib/auth/guest-cookie")).toBe("lib/auth/guest-cookie.ts");
  });
});
