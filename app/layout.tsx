import type { Metadata } from "next";
import { headers } from "next/headers";
import "./globals.css";

export const metadata: Metadata = {
  title: "Longrun Chat",
  description: "Long-running work with an AI agent: a chat whose context never overflows.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request headers renders every page per request, so each gets the fresh CSP nonce
  // that proxy.ts put there (a prerendered page would carry scripts without it and be blocked).
  await headers();
  return (
    <html lang="en">
      <body className="h-dvh bg-white text-neutral-900 antialiased">{children}</body>
    </html>
  );
}
