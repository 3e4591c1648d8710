// Debian's Chromium, launched the one way it works on these machines: Playwright's own browser
// download is unreachable offline, root needs --no-sandbox, and without the networking flags
// Chromium floods the closed network. Used by playwright.config.ts and the browser benchmarks.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
