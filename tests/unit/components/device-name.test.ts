import { describe, expect, it } from "vitest";
import { deviceName } from "@/components/account/device-name";

// The account page names each session by browser and device, not by its raw User-Agent.
describe("deviceName", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
      "Chrome 140 on Linux, computer",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      "Safari 17 on macOS, computer",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "Safari 17 on iOS, iPhone",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128 on Windows, computer"],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
      "Chrome 124 on Android, phone",
    ],
  ])("%s", (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });

  it("says so when there is nothing to go on", () => {
    expect(deviceName(null)).toBe("Unknown browser");
    expect(deviceName("")).toBe("Unknown browser");
  });
});
