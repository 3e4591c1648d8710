import { count } from "./phrase";

/*
 * A tool call's raw arguments and result, shown under its words: pretty-printed JSON in which
 * long strings (a whole file's content, an email's body) are folded to their start, so the
 * shape stays readable. The person can unfold them; nothing is dropped from what is stored.
 */

export const FOLD_AT_CHARS = 240;

/** The value with every string longer than `at` characters cut to its start and a count of the rest; and how many were cut. */
export function foldLongValues(value: unknown, at = FOLD_AT_CHARS): { value: unknown; folded: number } {
  let folded = 0;
  const fold = (v: unknown): unknown => {
    if (typeof v === "string") {
      if (v.length <= at) return v;
      folded++;
      return `${v.slice(0, at)}… (${count(v.length - at, "more character")})`;
    }
    if (Array.isArray(v)) return v.map(fold);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fold(x)]));
    return v;
  };
  return { value: fold(value), folded };
}

/** Pretty JSON of any stored value (undefined reads as "nothing"). */
export function prettyJson(value: unknown): string {
  return value === undefined ? "(nothing)" : (JSON.stringify(value, null, 2) ?? String(value));
}
