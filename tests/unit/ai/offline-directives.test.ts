import { describe, expect, it } from "vitest";
import { parseDirectives } from "@/lib/ai/offline/directives";

describe("parseDirectives", () => {
  it("parses write with a fenced block, keeping the content exactly", () => {
    const text = "Please do this:\nwrite docs/plan.md\n```markdown\n# Plan\n\n- [ ] step `one`\n```\nthanks";
    expect(parseDirectives(text)).toEqual({
      directives: [{ kind: "tool", toolName: "write_file", input: { path: "docs/plan.md", content: "# Plan\n\n- [ ] step `one`" } }],
      problems: [],
      prose: ["Please do this:", "thanks"],
    });
  });

  it("parses several tool directives in order, including edit with two blocks", () => {
    const text = [
      "read plan.md",
      "list files",
      "edit migration.md",
      "```",
      "- [ ] step 1",
      "```",
      "",
      "~~~",
      "- [x] step 1",
      "~~~",
      "delete `old notes.md`",
    ].join("\n");
    expect(parseDirectives(text).directives).toEqual([
      { kind: "tool", toolName: "read_file", input: { path: "plan.md" } },
      { kind: "tool", toolName: "list_files", input: {} },
      { kind: "tool", toolName: "edit_file", input: { path: "migration.md", oldText: "- [ ] step 1", newText: "- [x] step 1" } },
      { kind: "tool", toolName: "delete_file", input: { path: "old notes.md" } },
    ]);
  });

  it("supports longer fences so a file can contain ``` itself", () => {
    const text = "write README.md\n````\n```js\nx()\n```\n````";
    expect(parseDirectives(text).directives[0]).toMatchObject({ input: { content: "```js\nx()\n```" } });
  });

  it("parses the control directives case-insensitively", () => {
    const { directives } = parseDirectives("Echo Input\nlong 5\nfail\noverflow\noverflow once\nlong 999999");
    expect(directives).toEqual([
      { kind: "echo" },
      { kind: "long", lines: 5 },
      { kind: "fail" },
      { kind: "overflow", once: false },
      { kind: "overflow", once: true },
      { kind: "long", lines: 1000 },
    ]);
  });

  it("ignores prose and lines inside code blocks", () => {
    const text = "Please read the plan and tell me if we fail.\nI will write more later\n```\nfail\nread secrets.txt\n```";
    expect(parseDirectives(text)).toEqual({
      directives: [],
      problems: [],
      prose: ["Please read the plan and tell me if we fail.", "I will write more later"],
    });
  });

  it("reports a write without a block instead of writing an empty file", () => {
    const { directives, problems } = parseDirectives("write plan.md\nno block here");
    expect(directives).toEqual([]);
    expect(problems[0]).toContain("write plan.md");
  });

  it("reports an edit with only one block", () => {
    const { directives, problems } = parseDirectives("edit a.md\n```\nold\n```");
    expect(directives).toEqual([]);
    expect(problems).toHaveLength(1);
  });
});

describe("the call directive", () => {
  it("calls any tool by the name the model sees, with a JSON object as its input", () => {
    const text = 'Look this up:\ncall docs__search {"query": "lease", "limit": 3}\ncall files__list';
    expect(parseDirectives(text)).toEqual({
      directives: [
        { kind: "call", toolName: "docs__search", input: { query: "lease", limit: 3 } },
        { kind: "call", toolName: "files__list", input: {} },
      ],
      problems: [],
      prose: ["Look this up:"],
    });
  });

  it("reports arguments that are not one JSON object, and leaves prose alone", () => {
    const parsed = parseDirectives('call docs__search {"query": \ncall docs__search {"a":1} {"b":2}\nCall me later, please');
    expect(parsed.directives).toEqual([]);
    expect(parsed.problems).toEqual([
      "`call docs__search` ignored: its arguments are not valid JSON.",
      "`call docs__search` ignored: its arguments are not valid JSON.",
    ]);
    expect(parsed.prose).toEqual(["Call me later, please"]);
  });
});
