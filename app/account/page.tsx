import Link from "next/link";
import { AccountPanel } from "@/components/account/account-panel";
import { ThemeToggle } from "@/components/theme/theme-toggle";

export default function AccountPage() {
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-4 p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-semibold">Your account</h1>
        <Link href="/" className="text-sm text-blue-700 hover:underline" data-testid="back-to-chats">
          Back to chats
        </Link>
      </div>
      <AccountPanel />
      <ThemeToggle />
    </main>
  );
}
