import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationsFromZip, isZip } from "@/lib/export/unzip";
import { makeZip } from "@/tests/support/zip";

const json = Buffer.from('[{"mapping":{}}]');

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "unzip-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The zip written to a file, as the import spools an upload, and its conversations.json read through. */
async function read(zip: Buffer, maxBytes: number): Promise<Buffer> {
  const file = path.join(dir, `${Math.random()}.zip`);
  await writeFile(file, zip);
  const chunks: Buffer[] = [];
  for await (const chunk of conversationsFromZip(file, maxBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("conversations.json out of a ChatGPT export zip", () => {
  it("reads it deflated or stored, preferring the one nearest the top, and ignores __MACOSX copies", async () => {
    for (const stored of [false, true]) {
      const zip = makeZip([
        { name: "__MACOSX/conversations.json", data: Buffer.from("junk"), stored },
        { name: "deep/er/conversations.json", data: Buffer.from("[]"), stored },
        { name: "export/conversations.json", data: json, stored },
      ]);
      expect(isZip(zip)).toBe(true);
      expect((await read(zip, 1024)).toString()).toBe(json.toString());
    }
  });

  it("refuses past the cap by declared or by actual size, and a damaged entry, in words", async () => {
    const big = Buffer.alloc(4096, 0x20);
    await expect(read(makeZip([{ name: "conversations.json", data: big }]), 1024)).rejects.toMatchObject({ code: "too_large" });
    await expect(read(makeZip([{ name: "conversations.json", data: big, declaredSize: 10 }]), 1024)).rejects.toMatchObject({
      code: "too_large",
    });
    const stored = makeZip([{ name: "conversations.json", data: big, stored: true, declaredSize: 10 }]);
    await expect(read(stored, 1024)).rejects.toMatchObject({ code: "invalid_body" });
    await expect(read(Buffer.from("PK\u0003\u0004 not really"), 1024)).rejects.toThrow(/zip file could not be read/);
    expect(isZip(json)).toBe(false);
  });

  it("inflates a zip bomb only up to the cap, in chunks, whatever its directory declares", async () => {
    // 64 MB of zeros packs to about 64 KB; a forged directory says 10 bytes.
    const bomb = makeZip([{ name: "conversations.json", data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 10 }]);
    const before = process.memoryUsage().rss;
    await expect(read(bomb, 1024 * 1024)).rejects.toMatchObject({ code: "too_large" });
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });
});
