"use client";

import { createContext, useContext } from "react";

/** The thread whose transcript is shown: what an attachment's download address is made from. */
export const ThreadIdContext = createContext<string | null>(null);

export const useThreadId = () => useContext(ThreadIdContext);
