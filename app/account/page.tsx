import Link from "next/link";
import { AccountPanel } from "@/components/account/account-panel";
import { guestWorkOf } from "@/lib/auth/guest-work";
import { currentCaller } from "@/lib/auth/session";
import { ThemeToggle } from "@/components/theme/theme-toggle";

// The guest work of this browser is read on the server: a guest's own (what signing up keeps and
// signing in may move), or, signed in, what was kept apart from the account.
export default async function AccountPage() {
  const caller = await currentCaller();
  const guestWork = caller.guestId ? await guestWorkOf(caller.guestId) : null;
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-4 p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-semibold">Your account</h1>
        <Link href="/" className="text-sm text-blue-700 hover:underline" data-testid="back-to-chats">
          Back to chats
        </Link>
      </div>
      <AccountPanel guestWork={guestWork} />
      <ThemeToggle />
    </main>
  );
}
