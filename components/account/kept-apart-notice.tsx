"use client";

import { Button } from "@/components/ui/button";
import type { GuestWork } from "@/lib/api";
import { describeGuestWork } from "./guest-work-words";

/** Signed in, with a guest's work of this browser kept apart: it is said, and can still move. */
export function KeptApartNotice({ work, busy, onMove }: { work: GuestWork; busy: boolean; onMove: () => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="kept-apart">
      <p>
        This browser also has {describeGuestWork(work)} from before you signed in, kept apart from your account. They are back when you sign
        out.
      </p>
      <div>
        <Button size="sm" onClick={onMove} disabled={busy} data-testid="move-guest-work">
          Move them into this account
        </Button>
      </div>
    </div>
  );
}
