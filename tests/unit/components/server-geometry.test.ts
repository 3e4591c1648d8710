import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "@/components/chat/types";

type Geometry = typeof import("@/components/chat/server-geometry");
let geometry: Geometry;

beforeEach(async () => {
  vi.resetModules(); // what was kept is per page load: each test starts from none
  geometry = await import("@/components/chat/server-geometry");
});

/** The server copy as the browser would find it: a list and its rows' drawn sizes. */
function copyWith(rows: Array<{ id: string; height: number; text: string }>, list = { width: 390, height: 700 }) {
  const elements = rows.map((r) => ({ getAttribute: () => r.id, offsetHeight: r.height, textContent: r.text }));
  const listElement = { ...list, clientWidth: list.width, clientHeight: list.height, querySelectorAll: () => elements };
  return { querySelector: (s: string) => (s === "[data-server-copy]" ? listElement : null) } as unknown as ParentNode;
}

const message = (id: string, text: string): ChatMessage => ({ id, role: "assistant", parts: text ? [{ type: "text", text }] : [] });

describe("starting the live transcript from the server copy's geometry", () => {
  it("gives a row the server drew the height it drew", () => {
    geometry.keepServerGeometry(copyWith([{ id: "m1", height: 456, text: "x".repeat(400) }]));
    expect(geometry.estimatedRowHeight(message("m1", "anything"), 120)).toBe(456);
    expect(geometry.serverListSize()).toEqual({ width: 390, height: 700 });
  });

  it("estimates another row by its length, at the server copy's pixels per character", () => {
    // (456 - 56) / 400 = 1 px a character, (256 - 56) / 200 too.
    geometry.keepServerGeometry(
      copyWith([
        { id: "m1", height: 456, text: "x".repeat(400) },
        { id: "m2", height: 256, text: "x".repeat(200) },
      ]),
    );
    expect(geometry.estimatedRowHeight(message("m0", "y".repeat(1000)), 120)).toBe(1056);
    // Never below the flat guess; a message without text (tool calls only) gets the flat guess.
    expect(geometry.estimatedRowHeight(message("m0", "short"), 120)).toBe(120);
    expect(geometry.estimatedRowHeight(message("m0", ""), 120)).toBe(120);
  });

  it("falls back to the flat guess when the page had no server copy", () => {
    geometry.keepServerGeometry({ querySelector: () => null } as unknown as ParentNode);
    expect(geometry.serverListSize()).toBeNull();
    expect(geometry.estimatedRowHeight(message("m1", "y".repeat(1000)), 120)).toBe(120);
  });
});
