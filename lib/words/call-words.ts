import type { Phrase } from "./phrase";

/** How a finished or running tool call reads: one sentence, its outcome, and a second line when there is more to say. */
export type CallWords = {
  summary: Phrase;
  /** pending: still running; attention: done, but a person may have to act (an email whose outcome is unknown). */
  outcome: "pending" | "done" | "failed" | "attention" | "denied";
  /** The error in words when failed; a note otherwise (e.g. a result recovered after a crash). */
  detail?: Phrase;
};

/** What a describer reads: the call's arguments and result, as stored (older messages may lack newer fields). */
export type Args = Record<string, unknown>;

/** One tool's words. Every field is pure and tolerates missing or malformed fields. */
export type ToolDescriber = {
  /** "Writing `plan.md`" while the call runs. */
  doing(input: Args): Phrase;
  /** "write `plan.md`": what a failed call could not do. */
  intent(input: Args): Phrase;
  /** The result of a call that did what it was asked. */
  done(input: Args, output: Args): CallWords;
  /** A result with ok: false, in words; undefined falls back to the tool's own message. */
  failure?(code: string, input: Args, output: Args): Phrase | undefined;
  /** For a tool whose result is not ok/failed (an email may be sent, refused, or not known yet): the whole reading. */
  result?(input: Args, output: Args): CallWords;
};

export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const record = (v: unknown): Args => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Args) : {});
