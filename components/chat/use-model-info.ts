"use client";

import { useEffect, useState } from "react";
import { api } from "./api";
import type { ModelInfo } from "./types";

let lastKnownModel: ModelInfo | null = null;

export function useModelInfo(): { model: ModelInfo | null; error: string | null } {
  const [model, setModel] = useState<ModelInfo | null>(lastKnownModel);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.model().then(
      (info) => {
        lastKnownModel = info;
        if (live) setModel(info);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  return { model, error };
}
