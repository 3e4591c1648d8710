"use client";

import { useEffect, useRef } from "react";
import { finishedFileToolsKey } from "./tool-part";
import type { ChatMessage } from "./types";

/**
 * Calls `onFileTool` each time a file tool call of the streaming reply finishes, so the workspace
 * shows the agent's write while the reply is still being written rather than after it.
 */
export function useFileToolSignal(messages: ChatMessage[], streaming: boolean, onFileTool: () => void) {
  const callback = useRef(onFileTool);
  useEffect(() => {
    callback.current = onFileTool;
  }, [onFileTool]);

  const key = streaming ? finishedFileToolsKey(messages.at(-1)) : "";
  useEffect(() => {
    if (key) callback.current();
  }, [key]);
}
