import { cookies } from "next/headers";
import { Suspense } from "react";
import { ChatShell } from "@/components/chat/chat-shell";
import { WORKSPACE_CHOICE_COOKIE, workspaceChoiceOf } from "@/components/layout/workspace-choice";
import { afterShell } from "@/lib/http/after-shell";
import { prefetchThread } from "./prefetch-thread";

/** The element that ends the thread's HTML: the browser draws nothing of the page before it. */
const READY_ID = "thread-page-ready";

/**
 * An element sent after React's script that reveals the thread: the browser draws nothing before
 * it either. With READY_ID alone, a frame drawn between that element and the reveal script (the
 * response split there by the network, or the script waiting on a stylesheet) showed the empty
 * fallback, and React then held the thread back for 300 ms more.
 */
const REVEALED_ID = "thread-page-revealed";

/**
 * Without JavaScript nothing reveals a streamed boundary: its HTML stays in React's hidden segment
 * (`<div hidden id="S:0">`). This shows it in place of the empty fallback. In Tailwind's base layer,
 * whose `[hidden] { display: none !important }` an important rule outside the layer cannot beat.
 */
const NO_SCRIPT_REVEAL = `@layer base{div[hidden][id^="S:"]{display:block!important}}[data-thread-fallback]{display:none}`;

// Streamed: the document's first bytes (the head, the scripts to fetch) leave before the thread is
// read, and the thread follows in the same response as a Suspense boundary. Rendering is held
// until that boundary's last element and the script that reveals it are parsed (`<link rel="expect"
// blocking="render">`, hoisted into the head), so Chromium's first frame already holds the newest
// messages: a boundary whose fallback had painted first would be revealed by React no sooner than
// 300 ms after that paint (its reveal throttle, $RT in react-dom's Fizz runtime). A browser without
// render-blocking `expect` links paints the empty fallback first.
export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const thread = readAfterShell(id);
  return (
    <>
      <link rel="expect" href={`#${READY_ID}`} blocking="render" />
      <link rel="expect" href={`#${REVEALED_ID}`} blocking="render" />
      <noscript>
        <style>{NO_SCRIPT_REVEAL}</style>
      </noscript>
      <Suspense fallback={<div className="h-dvh" data-thread-fallback="" aria-busy="true" />}>
        <ThreadPageContent thread={thread} threadId={id} />
      </Suspense>
      <Suspense>
        <RevealedMarker after={thread} />
      </Suspense>
    </>
  );
}

async function readAfterShell(threadId: string) {
  await afterShell();
  return prefetchThread(threadId);
}

async function ThreadPageContent({ thread, threadId }: { thread: ReturnType<typeof readAfterShell>; threadId: string }) {
  const prefetched = await thread;
  // The person's own open/closed for this thread's workspace, so the first frame shows it as left.
  const workspaceChoice = workspaceChoiceOf((await cookies()).get(WORKSPACE_CHOICE_COOKIE)?.value, threadId);
  return (
    <>
      <ChatShell threadId={threadId} prefetched={prefetched} workspaceChoice={workspaceChoice} />
      <span id={READY_ID} hidden />
    </>
  );
}

/**
 * Its own boundary, finished a few turns after the thread's, so React sends it after the thread and
 * its reveal script. Should it come first (the thread's client code still loading), READY_ID still
 * holds the frame until the thread's HTML is in.
 */
async function RevealedMarker({ after }: { after: Promise<unknown> }) {
  // A failed read is ThreadPageContent's to report (error.tsx); this marker only waits for it.
  await after.catch(() => undefined);
  await afterShell();
  return <span id={REVEALED_ID} hidden />;
}
