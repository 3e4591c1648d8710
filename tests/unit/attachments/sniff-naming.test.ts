import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { assertFileSize, assertThreadRoom, imageDimensions } from "@/lib/attachments/caps";
import { downloadHeaders } from "@/lib/attachments/disposition";
import { freePath, safeName } from "@/lib/attachments/naming";
import { pdfMarkdown } from "@/lib/attachments/notes";
import { sniff } from "@/lib/attachments/sniff";
import { pdf, png } from "@/tests/support/attachment-files";

const text = (s: string) => new TextEncoder().encode(s);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; details?: unknown }) => e.code,
  );

describe("sniff: the type comes from the bytes", () => {
  it("recognises the accepted binary formats whatever they are called", async () => {
    expect(await sniff("a.txt", png(1, 1))).toEqual({ kind: "image", mediaType: "image/png", extension: "png" });
    expect((await sniff("a.png", await pdf(["x"]))).mediaType).toBe("application/pdf");
    const gif = Uint8Array.from([...Buffer.from("GIF89a"), 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    expect((await sniff("x", gif)).mediaType).toBe("image/gif");
  });

  it("takes UTF-8 text, markup typed as what it is, and refuses other binaries", async () => {
    expect((await sniff("app.log", text("\u001b[31merror\u001b[0m at line 3\r\n"))).mediaType).toBe("text/plain");
    expect((await sniff("x.txt", text("\ufeff  <svg viewBox='0 0 1 1'></svg>"))).mediaType).toBe("image/svg+xml");
    expect((await sniff("x.txt", text("<!-- hi -->\n<!doctype html><p>x"))).mediaType).toBe("text/html");
    expect(await refusal(sniff("x.png", gzipSync(Buffer.from("hello"))))).toBe("unsupported_media_type");
    expect(await refusal(sniff("x.txt", Uint8Array.from([0x68, 0x00, 0x69])))).toBe("unsupported_media_type");
    expect(await refusal(sniff("x.txt", Uint8Array.from([0xc3, 0x28])))).toBe("unsupported_media_type");
  });
});

describe("naming", () => {
  const png1 = { kind: "image", mediaType: "image/png", extension: "png" } as const;
  const plain = { kind: "text", mediaType: "text/plain", extension: "txt" } as const;
  const jpeg = { kind: "image", mediaType: "image/jpeg", extension: "jpg" } as const;

  it("keeps the last segment, replaces unsafe characters and appends the true extension to a lying name", () => {
    expect(safeName("../../etc/passwd", plain)).toBe("passwd");
    expect(safeName("C:\\Users\\me\\notes.md", plain)).toBe("notes.md");
    expect(safeName("a\u200bb:c?.log", plain)).toBe("a-b-c-.log");
    expect(safeName("shot.txt", png1)).toBe("shot.txt.png");
    expect(safeName("photo.JPEG", jpeg)).toBe("photo.JPEG");
    expect(safeName("...", plain)).toBe("file");
    expect(safeName("trailing dots...", plain)).toBe("trailing dots");
    const long = safeName(`${"é".repeat(200)}.png`, png1);
    expect([...long].length).toBe(80);
    expect(long.endsWith(".png")).toBe(true);
  });

  it("numbers a taken name before its extension", () => {
    const taken = new Set(["attachments/a.png", "attachments/a-2.png"]);
    expect(freePath("a.png", (p) => taken.has(p))).toBe("attachments/a-3.png");
    expect(freePath("README", () => false)).toBe("attachments/README");
  });
});

describe("caps", () => {
  it("refuses a file, a thread total and image dimensions past their bounds", () => {
    expect(() => assertFileSize("a", 10, 10)).not.toThrow();
    expect(() => assertFileSize("a", 11, 10)).toThrow(/at most/);
    expect(() => assertThreadRoom(90, 10, 100)).not.toThrow();
    expect(() => assertThreadRoom(90, 11, 100)).toThrow(/MAX_THREAD_ATTACHMENT_BYTES/);
    expect(imageDimensions("a.png", png(3, 2))).toEqual({ width: 3, height: 2 });
    expect(() => imageDimensions("a.png", png(10_000, 10_000, { headerOnly: true }))).toThrow(/million pixels/);
    expect(() => imageDimensions("a.png", png(30_000, 1, { headerOnly: true }))).toThrow(/a side/);
  });
});

describe("download headers", () => {
  it("shows safe images, PDF and plain text inline; everything else is a download; always nosniff", () => {
    expect(downloadHeaders("image/webp", "a.webp")["content-disposition"]).toBe("inline; filename=a.webp");
    expect(downloadHeaders("application/pdf", "a.pdf")["content-disposition"]).toMatch(/^inline/);
    expect(downloadHeaders("application/pdf", "a.pdf")["content-security-policy"]).toBeUndefined();
    for (const type of ["image/svg+xml", "text/html", "application/xml", "application/json"]) {
      const h = downloadHeaders(type, "x");
      expect(h["content-disposition"]).toMatch(/^attachment/);
      expect(h["content-type"]).toBe(`${type}; charset=utf-8`);
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["content-security-policy"]).toMatch(/^sandbox/);
    }
    expect(downloadHeaders("image/png", "é.png", { download: true })["content-disposition"]).toBe(
      "attachment; filename=\"?.png\"; filename*=UTF-8''%C3%A9.png",
    );
  });
});

describe("pdfMarkdown", () => {
  it("notes pages without text, and leaves out pages past the size cap or the page bound with a note", () => {
    const pdfText = { pages: 3, text: ["one", "", "three"], readPages: 3, stoppedBy: null };
    const md = pdfMarkdown("a.pdf", pdfText, 100_000);
    expect(md).toContain("Text extracted from the PDF: 3 pages.");
    expect(md).toMatch(/## Page 2\n\n_\(no text on this page/);
    expect(md).not.toContain("Only the first");
    const capped = pdfMarkdown("a.pdf", { ...pdfText, text: ["x".repeat(300), "y".repeat(300), "z"] }, 900);
    expect(capped).toContain("## Page 1");
    expect(capped).not.toContain("## Page 2");
    expect(capped).toContain("Only the first 1 of 3 pages were extracted: the text is larger than");
    const bounded = pdfMarkdown("a.pdf", { pages: 5000, text: ["p1"], readPages: 1, stoppedBy: "pages" }, 100_000);
    expect(bounded).toContain("Only the first 1 of 5000 pages were extracted: at most 1 pages are read.");
  });
});
