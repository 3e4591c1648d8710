import { describe, expect, it, vi } from "vitest";
import { isShortcut, shortcutFor } from "@/components/shortcuts/shortcuts";

const key = (key: string, mods: { alt?: boolean; shift?: boolean; ctrl?: boolean; meta?: boolean } = {}) => ({
  key,
  code: key === "Enter" ? "Enter" : key,
  altKey: !!mods.alt,
  shiftKey: !!mods.shift,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
});

describe("the message box's own shortcuts", () => {
  it("Alt+Enter is stop and send; Enter, Shift+Enter and Ctrl+Alt+Enter are not", () => {
    expect(isShortcut("stop-and-send", key("Enter", { alt: true }))).toBe(true);
    expect(isShortcut("stop-and-send", key("Enter"))).toBe(false);
    expect(isShortcut("stop-and-send", key("Enter", { shift: true }))).toBe(false);
    expect(isShortcut("stop-and-send", key("Enter", { alt: true, ctrl: true }))).toBe(false);
  });

  it("Esc cancels the queued message", () => {
    expect(isShortcut("cancel-queued", key("Escape"))).toBe(true);
    expect(isShortcut("cancel-queued", key("Escape", { ctrl: true }))).toBe(false);
  });

  it("are handled where the message box listens, never by the page-wide matcher", () => {
    vi.stubGlobal("Element", class {}); // no DOM here: the key press comes from no element
    const target = null;
    expect(shortcutFor({ ...key("Enter", { alt: true }), target })).toBeNull();
    expect(shortcutFor({ ...key("Escape"), target })).toBeNull();
    expect(shortcutFor({ ...key("?"), target })).toBe("help");
  });
});
