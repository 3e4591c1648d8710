import { Suspense } from "react";
import { ChatShell } from "@/components/chat/chat-shell";
import { prefetchThread } from "./prefetch-thread";

/** The element that ends the thread's HTML: the browser draws nothing of the page before it. */
const READY_ID = "thread-page-ready";

/**
 * Without JavaScript nothing reveals a streamed boundary: its HTML stays in React's hidden segment
 * (`<div hidden id="S:0">`). This shows it in place of the empty fallback. In Tailwind's base layer,
 * whose `[hidden] { display: none !important }` an important rule outside the layer cannot beat.
 */
const NO_SCRIPT_REVEAL = `@layer base{div[hidden][id^="S:"]{display:block!important}}[data-thread-fallback]{display:none}`;

/** Event-loop turns the thread's read waits, so Next sends the shell before it (6 were enough, measured). */
const SHELL_TURNS = 12;

// Streamed: the document's first bytes (the head, the scripts to fetch) leave before the thread is
// read, and the thread follows in the same response as a Suspense boundary. Rendering is held
// until that boundary's last element is parsed (`<link rel="expect" blocking="render">`, hoisted
// into the head), so Chromium's first frame already holds the newest messages: a boundary whose
// fallback had painted first would be revealed by React no sooner than 300 ms after that paint
// (its reveal throttle, $RT in react-dom's Fizz runtime). A browser without render-blocking
// `expect` links paints the empty fallback first.
export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <link rel="expect" href={`#${READY_ID}`} blocking="render" />
      <noscript>
        <style>{NO_SCRIPT_REVEAL}</style>
      </noscript>
      <Suspense fallback={<div className="h-dvh" data-thread-fallback="" aria-busy="true" />}>
        <ThreadPageContent threadId={id} />
      </Suspense>
    </>
  );
}

async function ThreadPageContent({ threadId }: { threadId: string }) {
  // SQLite's reads finish within the turn they start in, and Next writes what was rendered by the
  // time it flushes as one chunk: started at once, the thread would be read and rendered before
  // the shell left, and the first byte would wait for it. The shell takes a few turns of its own.
  for (let turn = 0; turn < SHELL_TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
  const prefetched = await prefetchThread(threadId);
  return (
    <>
      <ChatShell threadId={threadId} prefetched={prefetched} />
      <span id={READY_ID} hidden />
    </>
  );
}
