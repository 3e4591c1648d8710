import { AppError } from "@/lib/errors";

/**
 * The one check of a message's length against MAX_MESSAGE_CHARS, for a new message and an edit
 * alike: a 413 that says how long it is, what fits, and where long text goes instead. The composer
 * says the same before sending (components/chat/overlong-draft.tsx); this is for every other caller.
 */
export function assertMessageLength(length: number, cap: number): void {
  if (length <= cap) return;
  const n = (value: number) => value.toLocaleString("en-US");
  throw new AppError(
    "too_large",
    `This message is ${n(length)} characters; a message can be at most ${n(cap)}. Attach long text as a file instead.`,
    { length, maxChars: cap },
  );
}
