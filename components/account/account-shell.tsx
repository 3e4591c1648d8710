import Link from "next/link";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/theme/theme-toggle";

/** The frame of the account pages: a title, the way back to the chats, the theme choice. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-4 p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-semibold">{title}</h1>
        <Link href="/" className="text-sm text-blue-700 hover:underline" data-testid="back-to-chats">
          Back to chats
        </Link>
      </div>
      {children}
      <ThemeToggle />
    </main>
  );
}
