"use client";

import type { GuestWork } from "@/lib/api";
import { describeGuestWork } from "./guest-work-words";

export type GuestWorkChoice = "move" | "keep";

/** Asked before signing in with guest work open: what happens to it, said before it happens. */
export function SignInChoice({
  work,
  choice,
  onChange,
}: {
  work: GuestWork;
  choice: GuestWorkChoice;
  onChange: (c: GuestWorkChoice) => void;
}) {
  const what = describeGuestWork(work);
  return (
    <fieldset className="flex flex-col gap-1 rounded border border-neutral-200 p-2 text-xs" data-testid="guest-work-choice">
      <legend className="px-1 font-medium">This browser has {what} as a guest. When you sign in:</legend>
      <label className="flex items-start gap-2">
        <input type="radio" name="guest-work" value="move" checked={choice === "move"} onChange={() => onChange("move")} />
        <span>Move them into the account, with their files, actions and routines.</span>
      </label>
      <label className="flex items-start gap-2">
        <input type="radio" name="guest-work" value="keep" checked={choice === "keep"} onChange={() => onChange("keep")} />
        <span>
          Keep them apart: they stay with this browser&apos;s guest and are back when you sign out. You can still move them later.
        </span>
      </label>
    </fieldset>
  );
}
