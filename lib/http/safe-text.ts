import { z } from "zod";

/*
 * Text the databases can store exactly as sent. PostgreSQL rejects NUL in text columns (a 500 if
 * it reaches the query) and a lone UTF-16 surrogate has no UTF-8 form, so it would be silently
 * replaced by U+FFFD: a renamed file could then never be found under the name it was given.
 * Both are refused up front with a 400 naming the field, on every database alike.
 */

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;

/** Why `s` cannot be stored as is, or null when it can. */
function unstorableReason(s: string): string | null {
  if (NUL.test(s)) return "must not contain the NUL character (U+0000)";
  if (!s.isWellFormed()) return "must not contain a lone UTF-16 surrogate (invalid Unicode)";
  return null;
}

/** A zod string that refuses NUL and lone surrogates; chain length rules after it as usual. */
export const storableString = () =>
  z.string().superRefine((s, ctx) => {
    const reason = unstorableReason(s);
    if (reason) ctx.addIssue({ code: "custom", message: reason });
  });

/** The first string in a JSON value (keys included) that cannot be stored, with where it is. */
export function firstUnstorable(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; reason: string } | null {
  if (typeof value === "string") {
    const reason = unstorableReason(value);
    return reason ? { path, reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUnstorable(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const reason = unstorableReason(key);
      if (reason) return { path, reason: `has a key that ${reason}` };
      const found = firstUnstorable(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Any JSON object whose strings can all be stored: for bodies whose exact fields a library checks. */
export const storableJsonObject = () =>
  z.looseObject({}).superRefine((value, ctx) => {
    const found = firstUnstorable(value);
    if (found) ctx.addIssue({ code: "custom", path: found.path, message: found.reason });
  });

/** Largest value an INTEGER column holds on PostgreSQL (int4); our versions and cursors live there. */
export const MAX_INT32 = 2_147_483_647;

/** A positive integer that fits the database: versions, sequence numbers, counts. */
export const positiveInt = () => z.number().int().min(1).max(MAX_INT32);
