import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "Longrun Chat",
  description: "Long-running work with an AI agent: a chat whose context never overflows.",
  icons: { icon: "/icon.svg" },
  manifest: "/manifest.webmanifest",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="h-dvh bg-white text-neutral-900 antialiased">{children}</body>
    </html>
  );
}
