import { describe, expect, it } from "vitest";
import { buildSummarizerPrompt, CHAT_SYSTEM_PROMPT, CHAT_SYSTEM_PROMPT_TOKENS, SUMMARIZER_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import { countTokens } from "@/lib/ai/tokens";

describe("prompts", () => {
  it("states the chat prompt's token count exactly (edit the constant with the prompt)", () => {
    expect(CHAT_SYSTEM_PROMPT_TOKENS).toBe(countTokens(CHAT_SYSTEM_PROMPT));
  });

  it("chat prompt teaches the workspace-file habits and names every tool", () => {
    for (const tool of ["list_files", "read_file", "write_file", "edit_file", "delete_file"]) expect(CHAT_SYSTEM_PROMPT).toContain(tool);
    expect(CHAT_SYSTEM_PROMPT).toMatch(/plan\.md/);
    expect(CHAT_SYSTEM_PROMPT).toMatch(/re-read/i);
    // Anything per-turn (dates, ids) would break provider prompt caching.
    expect(CHAT_SYSTEM_PROMPT).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("summarizer prompt has all section headings and no marker meant for the offline model", () => {
    // Real providers receive this prompt: it must be plain instructions from its first character.
    expect(SUMMARIZER_SYSTEM_PROMPT).toMatch(/^You compress a conversation/);
    expect(SUMMARIZER_SYSTEM_PROMPT).not.toMatch(/\[\[|offline/i);
    for (const h of ["Goal", "Decisions", "Files produced", "Done", "Open items", "Names and paths"]) {
      expect(SUMMARIZER_SYSTEM_PROMPT).toContain(`## ${h}`);
    }
    expect(CHAT_SYSTEM_PROMPT).not.toMatch(/\[\[|offline/i);
  });

  it("builds the summarizer user message with and without a previous summary", () => {
    const fresh = buildSummarizerPrompt({ previousSummary: null, messages: [{ role: "user", text: "hi" }] });
    expect(fresh).not.toContain("<previous-summary>");
    expect(fresh).toContain('<message role="user">\nhi\n</message>');
    const update = buildSummarizerPrompt({ previousSummary: "## Goal\nX", messages: [] });
    expect(update).toContain("<previous-summary>\n## Goal\nX\n</previous-summary>");
    expect(update.indexOf("<previous-summary>")).toBeLessThan(update.indexOf("<conversation>"));
  });
});
