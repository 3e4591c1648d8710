"use client";

import { useEffect, useState } from "react";

// The server's 429 message ends with "You can send again in N s." (lib/limits/rate-period.ts). The
// countdown keeps that sentence true while it is on screen instead of freezing at N.
const WAIT = /You can send again in (\d+) s\./;

/** Shows an error text; a rate-limit text counts down to "You can send again now." */
export function SendAgainCountdown({ text }: { text: string }) {
  // A new error restarts the clock.
  return <Countdown key={text} text={text} />;
}

function Countdown({ text }: { text: string }) {
  const match = WAIT.exec(text);
  const total = match ? Number(match[1]) : 0;
  const [shownAt] = useState(() => Date.now());
  const [now, setNow] = useState(shownAt);
  useEffect(() => {
    if (!total) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [total]);
  if (!match) return <>{text}</>;
  const left = Math.max(0, total - Math.floor((now - shownAt) / 1000));
  const sentence = left > 0 ? `You can send again in ${left} s.` : "You can send again now.";
  return (
    <span data-testid="send-again" data-seconds-left={left}>
      {text.replace(WAIT, sentence)}
    </span>
  );
}
