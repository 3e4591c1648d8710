import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createThread } from "./support/chat-page";

// The thread page's read failing for a reason other than "no such thread" reaches its error
// boundary (app/t/[id]/error.tsx): "Something went wrong" and Try again, never "Chat not found".
test("a failed read of the thread says something went wrong, and Try again recovers", async ({ page }) => {
  const threadId = await createThread(page);
  // The database loses the table under the running server (the main e2e server's SQLite file).
  const sqlite = new Database(`test-data/e2e-${process.env.E2E_PORT ?? 3471}.db`);
  sqlite.exec(`ALTER TABLE "Thread" RENAME TO "ThreadGone"`);
  try {
    await page.goto(`/t/${threadId}`);
    await expect(page.getByTestId("thread-error")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByTestId("thread-not-found")).toHaveCount(0);
  } finally {
    sqlite.exec(`ALTER TABLE "ThreadGone" RENAME TO "Thread"`);
    sqlite.close();
  }
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("composer")).toBeEnabled();
  await expect(page.getByTestId("thread-error")).toHaveCount(0);
});
