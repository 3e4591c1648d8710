import { describe, expect, it } from "vitest";
import { conversationsFromZip, isZip } from "@/lib/export/unzip";
import { makeZip } from "@/tests/support/zip";

const json = Buffer.from('[{"mapping":{}}]');

describe("conversations.json out of a ChatGPT export zip", () => {
  it("reads it deflated or stored, preferring the one nearest the top, and ignores __MACOSX copies", async () => {
    for (const stored of [false, true]) {
      const zip = makeZip([
        { name: "__MACOSX/conversations.json", data: Buffer.from("junk"), stored },
        { name: "deep/er/conversations.json", data: Buffer.from("[]"), stored },
        { name: "export/conversations.json", data: json, stored },
      ]);
      expect(isZip(zip)).toBe(true);
      expect((await conversationsFromZip(zip, 1024)).toString()).toBe(json.toString());
    }
  });

  it("refuses past the cap by declared or by actual size, and a damaged entry, in words", async () => {
    const big = Buffer.alloc(4096, 0x20);
    await expect(conversationsFromZip(makeZip([{ name: "conversations.json", data: big }]), 1024)).rejects.toMatchObject({
      code: "too_large",
    });
    await expect(conversationsFromZip(makeZip([{ name: "conversations.json", data: big, declaredSize: 10 }]), 1024)).rejects.toMatchObject({
      code: "too_large",
    });
    const stored = makeZip([{ name: "conversations.json", data: big, stored: true, declaredSize: 10 }]);
    await expect(conversationsFromZip(stored, 1024)).rejects.toMatchObject({ code: "invalid_body" });
    await expect(conversationsFromZip(Buffer.from("PK\u0003\u0004 not really"), 1024)).rejects.toThrow(/zip file could not be read/);
    expect(isZip(json)).toBe(false);
  });
});
