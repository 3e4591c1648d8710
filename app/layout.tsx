import type { Metadata } from "next";
import { headers } from "next/headers";
import { ViewerProvider } from "@/components/account/viewer";
import { currentCaller } from "@/lib/auth/session";
import { afterShell } from "@/lib/http/after-shell";
import { viewerOf } from "@/lib/auth/viewer";
import { THEME_SCRIPT } from "@/components/theme/theme-script";
import { CODE_WRAP_SCRIPT } from "@/components/chat/code-wrap-script";
import "./globals.css";

// The title is in the head below, not here: Next streams metadata into a boundary of its own, and
// a router.refresh() (signing in or out, deleting the account) swapped that boundary with <title>
// left out of the document for about 200 ms; the tab showed the address and axe found no title.
const TITLE = "Longrun Chat";

export const metadata: Metadata = {
  description: "Long-running work with an AI agent: a chat whose context never overflows.",
  icons: { icon: "/icon.svg" },
  manifest: "/manifest.webmanifest",
};

// zod probes for eval with `new Function("")` when its first object schema is built; the policy
// forbids eval, so the probe would be reported as a violation on every page. jitless skips the
// probe; the global is read by zod at import, so it must be set before any chunk runs.
const ZOD_JITLESS = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request headers renders every page per request, so each gets the fresh CSP nonce
  // that proxy.ts put there (a prerendered page would carry scripts without it and be blocked).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // Who the pages are for (the sidebar says who is signed in), through the one caller resolver.
  // Not awaited, and started once the shell has left: the session lookup is no part of the
  // document's first byte (viewer.tsx).
  const viewer = afterShell()
    .then(() => currentCaller())
    .then(viewerOf);
  return (
    // The theme script sets <html>'s class and color-scheme before the first paint, the code wrap
    // script the code blocks' line wrapping.
    <html lang="en" suppressHydrationWarning>
      <head>
        <title>{TITLE}</title>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CODE_WRAP_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
      </head>
      <body className="h-dvh bg-white text-neutral-900 antialiased">
        <ViewerProvider viewer={viewer}>{children}</ViewerProvider>
      </body>
    </html>
  );
}
