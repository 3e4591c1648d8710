import { describe, expect, it } from "vitest";
import { fitHeader } from "@/components/chat/header-fit";

const controls = [
  { id: "inspect", width: 70 },
  { id: "actions", width: 80 },
  { id: "search", width: 70 },
  { id: "model", width: 180 },
];

describe("thread header fit", () => {
  it("keeps every control inline and no menu when all fit", () => {
    const fit = fitHeader(700, 300, 40, controls);
    expect([...fit.inline]).toEqual(["inspect", "actions", "search", "model"]);
    expect(fit.overflow).toEqual([]);
  });

  it("moves the least important controls into the menu, keeping room for its button", () => {
    // 300 fixed + 40 menu + 70 + 80 = 490; search would need 560.
    const fit = fitHeader(520, 300, 40, controls);
    expect([...fit.inline]).toEqual(["inspect", "actions"]);
    expect(fit.overflow).toEqual(["search", "model"]);
  });

  it("never lets a later, smaller control jump ahead of one that went to the menu", () => {
    const fit = fitHeader(480, 300, 40, [
      { id: "wide", width: 200 },
      { id: "narrow", width: 30 },
    ]);
    expect(fit.overflow).toEqual(["wide", "narrow"]);
  });

  it("puts everything in the menu on a phone-width header", () => {
    expect(fitHeader(390, 350, 40, controls).overflow).toEqual(["inspect", "actions", "search", "model"]);
  });
});
