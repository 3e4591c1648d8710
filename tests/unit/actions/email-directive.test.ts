import { describe, expect, it } from "vitest";
import { parseDirectives } from "@/lib/ai/offline/directives";

describe("offline email directive", () => {
  it("turns `email`, `subject:` and a fenced body into a send_email call", () => {
    const { directives, problems } = parseDirectives(
      "Send the report.\nemail me@example.com\n\nsubject:  Weekly report \n```\n# Hi\n\n**bold**\n```\nlist files",
    );
    expect(problems).toEqual([]);
    expect(directives).toEqual([
      { kind: "tool", toolName: "send_email", input: { to: "me@example.com", subject: "Weekly report", body: "# Hi\n\n**bold**" } },
      { kind: "tool", toolName: "list_files", input: {} },
    ]);
  });

  it("explains what is missing and ignores prose", () => {
    expect(parseDirectives("email me@example.com\nno subject here").problems[0]).toContain("subject");
    expect(parseDirectives("email me@example.com\nsubject: x\nno body").problems[0]).toContain("fenced code block");
    expect(parseDirectives("email the team about it").directives).toEqual([]);
    expect(parseDirectives("```\nemail me@example.com\nsubject: x\n```").directives).toEqual([]);
  });
});
