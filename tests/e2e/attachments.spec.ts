import { gzipSync } from "node:zlib";
import { axeViolations } from "./support/axe";
import { emulateColorScheme } from "./support/color-scheme";
import { expect, test, type Page } from "@playwright/test";
import { messages, openThread } from "./support/chat-page";
import { png } from "../support/attachment-files";

// Attach by the picker, by dropping and by pasting; a refused file says why and is removed with the
// keyboard; the sent message shows the image (no wider than the column) and a download chip for
// the text file; the inspector lists what the next request carries of them, each a link to its
// workspace file; axe at 390 and 1440 px, light and dark.

async function audit(page: Page, state: string) {
  const found = await axeViolations(page, state);
  expect(found, found.join("\n")).toEqual([]);
}

/** A DataTransfer in the page holding one file, as a drop or a paste carries it. */
async function fileTransfer(page: Page, name: string, type: string, bytes: Uint8Array) {
  return page.evaluateHandle(
    ({ name, type, b64 }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, type, b64: Buffer.from(bytes).toString("base64") },
  );
}

const chip = (page: Page, name: string) => page.getByTestId("attachment-chip").filter({ hasText: name });

for (const width of [1440, 390]) {
  test(`attach by picker, drop and paste; refusals in words; the message shows them: ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, colorScheme: "light" });
    const page = await context.newPage();
    const made = await page.request.post("/api/threads", { data: {} });
    const threadId = ((await made.json()) as { id: string }).id;
    await openThread(page, threadId);

    // Picker (the paper clip is a labelled file input, reached by Tab).
    await page
      .getByTestId("attach-input")
      .setInputFiles({ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# Notes\nship it\n") });
    await expect(chip(page, "notes.md").getByText("uploaded")).toBeAttached();
    await page.getByTestId("attach-input").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: gzipSync(Buffer.from("no")) });
    await expect(chip(page, "photo.png").getByRole("alert")).toContainText("Attach an image (PNG, JPEG, WebP, GIF), a PDF or a text file");
    await expect(page.getByTestId("send")).toBeEnabled(); // the refused file does not hold the message back
    await audit(page, `composer with a refused file, ${width} px, light`);
    await chip(page, "photo.png").getByRole("button", { name: "Remove photo.png" }).focus();
    await page.keyboard.press("Enter");
    await expect(chip(page, "photo.png")).toHaveCount(0);

    // Drop onto the composer, and paste into the message box.
    const form = page.locator("form:has([data-testid=composer])");
    const dropped = await fileTransfer(page, "shot.png", "image/png", png(1200, 300));
    await form.dispatchEvent("dragover", { dataTransfer: dropped });
    await form.dispatchEvent("drop", { dataTransfer: dropped });
    await expect(chip(page, "shot.png").getByText("uploaded")).toBeAttached();
    const pasted = await fileTransfer(page, "app.log", "text/plain", new TextEncoder().encode("12:00 started\n12:01 ready\n"));
    await page.getByTestId("composer").evaluate((el, transfer) => {
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer as DataTransfer, bubbles: true, cancelable: true }));
    }, pasted);
    await expect(chip(page, "app.log").getByText("uploaded")).toBeAttached();
    await expect(page.getByTestId("attachment-chip")).toHaveCount(3);

    await page.getByTestId("composer").fill("Here are the files");
    await page.getByTestId("composer").press("Enter");
    await expect(page.getByTestId("attachment-chip")).toHaveCount(0);
    const sent = messages(page, "user").last();
    const image = sent.getByTestId("attachment-image");
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    // Natural size, capped to the column: the 1200 px image fits the message row at 390 px too.
    const fits = () =>
      image.evaluate(
        (img) => img.getBoundingClientRect().width <= img.closest("[data-testid=message]")!.getBoundingClientRect().width + 0.5,
      );
    await expect.poll(fits).toBe(true);
    const files = sent.getByTestId("attachment-file");
    await expect(files).toHaveCount(2);
    const href = (await files.filter({ hasText: "notes.md" }).getAttribute("href"))!;
    const download = await page.request.get(href);
    expect(download.headers()["content-disposition"]).toBe("attachment; filename=notes.md");
    expect(await download.text()).toBe("# Notes\nship it\n");
    await expect(messages(page, "assistant").last()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
    await audit(page, `transcript with attachments, ${width} px, light`);

    // The inspector lists what the next request carries: the image in full, the text files as notes;
    // a file uploaded and not sent yet is listed as not carried.
    const later = { name: "later.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n") };
    expect((await page.request.post(`/api/threads/${threadId}/attachments`, { multipart: { file: later } })).status()).toBe(201);
    if (width >= 1280) await page.getByTestId("inspector-toggle").click();
    else {
      await page.getByTestId("header-more").click();
      await page
        .getByRole("menu")
        .getByRole("menuitemcheckbox", { name: /Inspect the model input/ })
        .click();
    }
    const listed = page.getByTestId("inspector-attachments");
    await expect(listed).toContainText("The next request carries 3, about");
    await expect(listed).toContainText("Token counts are estimates");
    const carried = listed.getByTestId("inspector-attachment-carried");
    await expect(carried).toHaveCount(3);
    await expect(carried.filter({ hasText: "shot.png" })).toContainText(/image\/png, [\d.]+ KB: ~[\d,]+ tokens \(the image and a note\)/);
    await expect(carried.filter({ hasText: "app.log" })).toContainText(/text\/plain, \d+ B: ~\d+ tokens \(a note naming the file\)/);
    await expect(listed.getByTestId("inspector-attachment-not-carried")).toHaveText([
      /^later\.csv\s*text\/plain, 8 B: not sent in a message yet$/,
    ]);
    await audit(page, `inspector with attachments, ${width} px, light`);
    await page.screenshot({ path: test.info().outputPath(`inspector-attachments-${width}-light.png`) });
    await emulateColorScheme(page, "dark");
    await audit(page, `inspector with attachments, ${width} px, dark`);
    await page.screenshot({ path: test.info().outputPath(`inspector-attachments-${width}-dark.png`) });
    await emulateColorScheme(page, "light");
    // Its link opens the file in the workspace panel, in the inspector's place.
    await listed.getByRole("link", { name: "notes.md" }).click();
    await expect(page.getByTestId("inspector-panel")).toHaveCount(0);
    await expect(page.getByTestId("file-path")).toHaveText("attachments/notes.md");

    if (width >= 1280) {
      // The workspace panel lists the attachments and downloads the original bytes.
      await page.reload();
      await expect(page.getByTestId("composer")).toBeEnabled();
      await page.getByTestId("file-item").filter({ hasText: "shot.png" }).click();
      await expect(page.getByTestId("file-path")).toHaveText("attachments/shot.png");
      const link = page.getByTestId("file-download");
      const original = await page.request.get((await link.getAttribute("href"))!);
      expect(original.headers()["content-type"]).toBe("image/png");
      expect(original.headers()["content-disposition"]).toBe("attachment; filename=shot.png");
      await audit(page, `workspace panel on an attachment, ${width} px, light`);
    }
    await emulateColorScheme(page, "dark");
    await audit(page, `transcript with attachments, ${width} px, dark`);
    await context.close();
  });
}
