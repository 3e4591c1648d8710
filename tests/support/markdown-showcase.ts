import { crc32, deflateSync } from "node:zlib";
import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import type { OfflineBehaviour } from "@/lib/ai/offline/behaviours";
import { messageText } from "@/lib/ai/offline/serialize";

/*
 * A reply holding every construct the message renderer supports (components/chat/markdown.tsx:
 * CommonMark and GFM), for the e2e spec that audits and uses it (tests/e2e/message-content.spec.ts).
 * Registered in the offline model by tests/support/work-mode.preload.mjs; the model answers a
 * message that is exactly the trigger line with it.
 */
export const SHOWCASE_TRIGGER = "markdown showcase";

/** An RGBA PNG of the given size, each pixel from `paint` (a data: URL, as a reply may carry). */
function pngDataUrl(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]): string {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) rows.set(paint(x, y), row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** A 150 px icon: a black ring on transparency, unreadable on a dark page without a backdrop. */
export const ICON = pngDataUrl(150, 150, (x, y) => {
  const r = Math.hypot(x - 75, y - 75);
  return r > 50 && r < 65 ? [0, 0, 0, 255] : [0, 0, 0, 0];
});
/** Wider than any column: shown at the column's width, full size in the dialog. */
export const BANNER = pngDataUrl(1600, 120, (x) => [Math.floor(x / 7) % 256, 90, 160, 255]);

const LONG_LINE = `const ${"veryLongName".repeat(3)} = [${Array.from({ length: 40 }, (_, i) => `"item ${i}"`).join(", ")}];`;

export const SHOWCASE = [
  "# Heading one",
  "## Heading two",
  "### Heading three",
  "#### Heading four",
  "",
  "A paragraph with **bold**, *emphasis*, ~~struck~~ text, `inline code`, [a link](https://example.com/docs) and an autolink https://example.org/page.",
  "A second line of the same paragraph, and a footnote.[^note]",
  "",
  "- a bullet",
  "- another bullet",
  "  - a nested bullet",
  "",
  "1. first",
  "2. second",
  "",
  "- [ ] an open task",
  "- [x] a done task",
  "",
  "> A quoted line",
  "> and another.",
  "",
  "| Left | Centre | Right |",
  "| :--- | :----: | ----: |",
  `| ${"a rather long cell ".repeat(6).trim()} | \`code\` | 1 |`,
  "| short | *emphasis* | 22 |",
  "",
  "```ts",
  LONG_LINE,
  "function add(a: number, b: number): number {",
  "  return a + b; // adds",
  "}",
  "```",
  "",
  "```",
  "a block without a language",
  "```",
  "",
  "---",
  "",
  `![A ring icon](${ICON})`,
  "",
  `![A wide banner](${BANNER})`,
  "",
  "[^note]: The footnote's text.",
].join("\n");

/** The text of a code block in the showcase, for the copy test. */
export const SHOWCASE_CODE = [LONG_LINE, "function add(a: number, b: number): number {", "  return a + b; // adds", "}"].join("\n");

function reply(prompt: LanguageModelV4Prompt) {
  const last = prompt[prompt.length - 1];
  if (last?.role !== "user" || messageText(last).trim().toLowerCase() !== SHOWCASE_TRIGGER) return null;
  return { text: SHOWCASE, toolCalls: [] };
}

export const markdownShowcase: OfflineBehaviour = { name: "markdown showcase (message content spec)", reply };
