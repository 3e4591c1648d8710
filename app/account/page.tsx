import { AccountPanel } from "@/components/account/account-panel";
import { AccountShell } from "@/components/account/account-shell";
import { guestWorkOf } from "@/lib/auth/guest-work";
import { currentCaller } from "@/lib/auth/session";

// The guest work of this browser is read on the server: a guest's own (what signing up keeps and
// signing in may move), or, signed in, what was kept apart from the account.
export default async function AccountPage({ searchParams }: { searchParams: Promise<{ done?: string }> }) {
  const caller = await currentCaller();
  const guestWork = caller.guestId ? await guestWorkOf(caller.guestId) : null;
  const { done } = await searchParams;
  return (
    <AccountShell title="Your account">
      <AccountPanel guestWork={guestWork} passwordReset={done === "password-reset"} />
    </AccountShell>
  );
}
