import { describe, expect, it } from "vitest";
import { chatGptConversations, chatGptExportSchema } from "@/lib/export/peers/chatgpt";
import { claudeConversations, claudeExportSchema } from "@/lib/export/peers/claude";
import { detectExport } from "@/lib/export/import-detect";

const msg = (role: string, text: string, t: number, extra: Record<string, unknown> = {}) => ({
  author: { role },
  content: { content_type: "text", parts: [text] },
  create_time: t,
  metadata: {},
  ...extra,
});

// root -> system -> u1 -> a1 -> u2 (edited: u2b is the branch the person kept) -> a2b
const chatgpt = [
  {
    title: "Trip planning",
    create_time: 1_700_000_000,
    update_time: 1_700_000_500,
    current_node: "a2b",
    mapping: {
      root: { message: null, parent: null, children: ["sys"] },
      sys: { message: msg("system", "You are ChatGPT", 1_700_000_000), parent: "root", children: ["u1"] },
      u1: { message: msg("user", "Plan a trip to Lisbon", 1_700_000_010), parent: "sys", children: ["a1"] },
      a1: { message: msg("assistant", "Day 1: Alfama", 1_700_000_020), parent: "u1", children: ["u2", "u2b"] },
      u2: { message: msg("user", "ABANDONED branch", 1_700_000_030), parent: "a1", children: ["a2"] },
      a2: { message: msg("assistant", "ABANDONED answer", 1_700_000_040), parent: "u2", children: [] },
      u2b: {
        message: {
          author: { role: "user" },
          content: {
            content_type: "multimodal_text",
            parts: [{ content_type: "image_asset_pointer", asset_pointer: "file-service://x" }, "What is this?"],
          },
          create_time: 1_700_000_050,
        },
        parent: "a1",
        children: ["code"],
      },
      code: {
        message: {
          author: { role: "assistant" },
          recipient: "python",
          content: { content_type: "code", language: "python", text: "print(1)" },
          create_time: 1_700_000_060,
        },
        parent: "u2b",
        children: ["out"],
      },
      out: {
        message: {
          author: { role: "tool", name: "python" },
          content: { content_type: "execution_output", text: "1" },
          create_time: 1_700_000_070,
        },
        parent: "code",
        children: ["a2b"],
      },
      a2b: { message: msg("assistant", "A tram in Lisbon.", 1_700_000_080), parent: "out", children: [] },
    },
  },
];

describe("ChatGPT export -> linear conversation", () => {
  it("follows current_node up to the root: the other branch and system messages are left out, tools and images named", () => {
    const [c] = chatGptConversations(chatGptExportSchema.parse(chatgpt));
    expect(c.title).toBe("Trip planning");
    expect(c.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "assistant", "assistant"]);
    const texts = c.messages.map((m) => m.text);
    expect(texts[0]).toBe("Plan a trip to Lisbon");
    expect(texts.join("\n")).not.toContain("ABANDONED");
    expect(texts.join("\n")).not.toContain("You are ChatGPT");
    expect(texts[2]).toBe("[An image was here; the export only references it]\n\nWhat is this?");
    expect(texts[3]).toBe("Called the tool python:\n\n```python\nprint(1)\n```");
    expect(texts[4]).toBe("Tool python answered:\n\nOutput:\n\n```\n1\n```");
    expect(c.messages[0].createdAt?.toISOString()).toBe(new Date(1_700_000_010_000).toISOString());
  });

  it("without a current_node takes the newest leaf, and survives a parent cycle", () => {
    const looped = structuredClone(chatgpt[0]) as Record<string, unknown> & { mapping: Record<string, { parent: string | null }> };
    delete looped.current_node;
    looped.mapping.root.parent = "a2b";
    const [c] = chatGptConversations(chatGptExportSchema.parse([looped]));
    expect(c.messages.at(-1)?.text).toBe("A tram in Lisbon.");
  });
});

describe("Claude export -> linear conversation", () => {
  const claude = [
    {
      uuid: "c1",
      name: "",
      created_at: "2025-01-02T03:04:05.000Z",
      updated_at: "2025-01-02T04:00:00.000Z",
      chat_messages: [
        {
          uuid: "m1",
          sender: "human",
          text: "Read this log",
          created_at: "2025-01-02T03:04:05.000Z",
          attachments: [{ file_name: "app.log", extracted_content: "ERROR boom" }],
          files: [{ file_name: "screen.png" }],
        },
        {
          uuid: "m2",
          sender: "assistant",
          text: "flat text is ignored when content has blocks",
          content: [
            { type: "thinking", thinking: "secret" },
            { type: "text", text: "The log shows a crash." },
            { type: "tool_use", name: "search", input: { q: "boom" } },
          ],
          created_at: "2025-01-02T03:05:00.000Z",
        },
      ],
    },
  ];

  it("keeps order, roles, times and text; attachments carried, files and tools named; untitled gets a title", () => {
    const [c] = claudeConversations(claudeExportSchema.parse(claude));
    expect(c.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(c.messages[0].text).toBe(
      "Read this log\n\nAttached app.log:\n\n```\nERROR boom\n```\n\n[File screen.png was here; the export only references it]",
    );
    expect(c.messages[1].text).toContain("The log shows a crash.\n\nCalled the tool search with:");
    expect(c.messages[1].text).not.toContain("secret");
    expect(c.messages[1].createdAt?.toISOString()).toBe("2025-01-02T03:05:00.000Z");
    const { source, doc } = detectExport(claude, new Date());
    expect(source).toBe("claude");
    expect(doc.threads[0]).toMatchObject({ title: "Imported chat", createdAt: "2025-01-02T03:04:05.000Z" });
    expect(doc.threads[0].messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it("detects by content: ChatGPT's tree, ours by format, anything else refused in words", () => {
    expect(detectExport(chatgpt, new Date()).source).toBe("chatgpt");
    expect(() => detectExport([{ foo: 1 }], new Date())).toThrow(/not of ChatGPT conversations/);
    expect(() => detectExport({ format: "other" }, new Date())).toThrow(/nor a ChatGPT or Claude export/);
  });
});
