import { callRoute, type Call } from "./support";

/*
 * The classes of hostile input every route is tried with, and the one verdict they all share: a
 * JSON 4xx with an error code, never a 500 and never a success.
 */

export const BIG = "99999999999999999999";
export const PAST_INT4 = "2147483648";
export const NUL = "a\u0000b";
export const LONE = "a\ud800b";
/** Strings that cannot name a row: NUL, a lone surrogate, far too long, leftover percent escapes. */
export const JUNK_IDS: [string, string][] = [
  ["NUL", NUL],
  ["lone surrogate", LONE],
  ["huge", "x".repeat(5000)],
  ["percent junk", "a%zz"],
  ["percent-encoded", "%41%00"],
  ["dot-dot", ".."],
  ["spaces", " a b "],
];
/** Numbers a query string may carry that are not a bounded positive integer. */
export const BAD_NUMBERS = [BIG, PAST_INT4, "-1", "0", "1.5", "1e3", "0x10", " 5", "abc", "NaN", ""];

export type Case = { name: string; route: Record<string, unknown>; call: Call };
export type Add = (name: string, route: Record<string, unknown>, call: Call) => void;

/** A JSON write tried with forms, other origins, broken bytes and a body past `maxBytes`. */
export function hostileWrites(add: Add, name: string, route: Record<string, unknown>, call: Call, maxBytes: number) {
  const json = typeof call.body === "string" ? call.body : JSON.stringify(call.body ?? {});
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
    add(`${name} as ${type}`, route, { ...call, body: json, headers: { "content-type": type } });
  }
  add(`${name} from another origin`, route, { ...call, body: json, headers: { origin: "http://evil.test" } });
  add(`${name} cross-site fetch metadata`, route, { ...call, body: json, headers: { "sec-fetch-site": "cross-site" } });
  add(`${name} invalid UTF-8`, route, { ...call, body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) });
  add(`${name} not JSON`, route, { ...call, body: "{nope" });
  add(`${name} JSON array`, route, { ...call, body: "[]" });
  add(`${name} JSON null`, route, { ...call, body: "null" });
  add(`${name} oversized`, route, { ...call, body: JSON.stringify({ pad: "x".repeat(maxBytes + 1) }) });
}

/** Runs every case; returns one line per answer that is not a JSON 4xx with an error code. */
export async function failuresOf(cases: Case[], expectStatus?: (c: Case) => number | undefined): Promise<string[]> {
  const failures: string[] = [];
  for (const c of cases) {
    const res = await callRoute(c.route, c.call);
    const text = await res.text();
    let code: unknown;
    try {
      code = JSON.parse(text).error?.code;
    } catch {
      code = undefined;
    }
    const wanted = expectStatus?.(c);
    const wrong = wanted !== undefined ? res.status !== wanted : res.status < 400 || res.status >= 500;
    if (wrong || typeof code !== "string") failures.push(`${c.name}: ${res.status} ${text.slice(0, 160)}`);
  }
  return failures;
}
