import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { createOfflineModel, OFFLINE_NOTICE } from "@/lib/ai/offline";
import { titleReply } from "@/lib/ai/offline/titler";
import { buildTitlePrompt, TITLE_SYSTEM_PROMPT } from "@/lib/ai/prompts";

/** The title the offline titler gives a conversation that starts with `message`; null for none. */
const offlineTitle = (message: string) =>
  titleReply([{ role: "user", content: [{ type: "text", text: buildTitlePrompt([{ role: "user", text: message }]) }] }]) || null;

describe("the offline model's title rule", () => {
  it("drops the request's opening and ends on a word that carries meaning", () => {
    expect(offlineTitle("Could you please help me plan the migration of our auth module to the new session API?")).toBe(
      "Plan the migration of our auth module",
    );
    expect(offlineTitle("Hi! I need to write a cover letter for a job.")).toBe("Write a cover letter for a job");
    expect(offlineTitle("Why does my build fail on CI but not locally? It says ENOENT.")).toBe("Why does my build fail on CI");
  });

  it("leaves out the offline model's directives, their blocks and markdown", () => {
    const message = "## Release notes for **v2.4**\n\nwrite notes.md\n```md\n- fixed the login bug\n```\nlong 30";
    expect(offlineTitle(message)).toBe("Release notes for v2.4");
  });

  it("titles a message made only of directives by what the first one does", () => {
    expect(offlineTitle("write plan.md\n```\n- [ ] step one\n```")).toBe("Write plan.md");
    expect(offlineTitle("email ops@example.com\nsubject: Weekly report\n```\nAll green.\n```")).toBe("Email about Weekly report");
    expect(offlineTitle("long 40")).toBe("40-line reply");
  });

  it("has none for a message without words", () => {
    expect(offlineTitle("```\nconst x = 1;\n```")).toBeNull();
    expect(offlineTitle("  ")).toBeNull();
  });

  it("answers a title request from the first user message, the same every time", async () => {
    const messages = [
      { role: "user", text: "Please summarize the attached meeting notes about the Q3 budget." },
      { role: "assistant", text: `${OFFLINE_NOTICE}\n\nHere is a summary.` },
    ];
    const ask = () =>
      generateText({
        model: createOfflineModel({ delayMs: 0, role: "titler" }),
        system: TITLE_SYSTEM_PROMPT,
        prompt: buildTitlePrompt(messages),
      });
    const first = await ask();
    expect(first.text).toBe("Summarize the attached meeting notes");
    expect((await ask()).text).toBe(first.text);
    expect(first.response.modelId).toBe("offline");
  });
});
