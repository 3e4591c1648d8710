import { ApiError } from "@/components/api/api-error";

// better-auth's own messages are terse ("Invalid password"); these say which field is wrong and
// what to do, for the codes the account forms can meet.
const WORDS: Record<string, string> = {
  INVALID_PASSWORD: "That is not your current password.",
  PASSWORD_TOO_SHORT: "The new password is too short: use at least 8 characters.",
  PASSWORD_TOO_LONG: "The new password is too long: use at most 256 characters.",
  INVALID_TOKEN: "This reset link has expired or was already used.",
  UNAUTHORIZED: "You are signed out. Sign in again and retry.",
};

/** What to show for a failed account request. */
export function authErrorWords(e: unknown): string {
  if (e instanceof ApiError && WORDS[e.code]) return WORDS[e.code];
  return e instanceof Error ? e.message : "Something went wrong.";
}
