import { Spinner } from "@/components/ui/spinner";

// Without JavaScript, React cannot move a streamed boundary into place: it stays in a hidden
// element at the end of the body (an "S:" id is React's naming). Show it there and hide this
// placeholder, so a page read without scripts still shows the conversation. Tailwind's preflight
// hides [hidden] with !important in its base layer, which only an !important rule in an earlier
// layer (theme) outranks.
const NO_SCRIPT_REVEAL = `[data-stream-shell]{display:none!important}@layer theme{div[hidden][id^="S:"]{display:contents!important}}`;

/**
 * What the thread page sends before it has read anything: the layout's frame and a spinner where
 * the conversation goes. It goes out with the document head, so the browser fetches the styles
 * and scripts while the server reads the newest messages.
 */
export function ThreadPageShell() {
  return (
    <div data-stream-shell className="flex h-dvh overflow-hidden">
      <noscript>
        <style>{NO_SCRIPT_REVEAL}</style>
      </noscript>
      <aside className="w-64 shrink-0 border-r border-neutral-200 bg-neutral-50 lg:w-72" />
      <main className="flex min-w-0 flex-1 items-center justify-center">
        <Spinner label="Loading conversation" />
      </main>
    </div>
  );
}
