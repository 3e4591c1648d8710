"use client";

import { useModelInfo } from "./use-model-info";

/** The model replies come from; offline mode explains itself so nobody mistakes it for a real model. */
export function ModelBadge() {
  const { model, error } = useModelInfo();
  return (
    <div className="border-t border-neutral-200 px-3 py-3 text-xs">
      <div className="text-neutral-500">Model</div>
      {error ? (
        <div className="mt-0.5 text-red-700">Unknown ({error})</div>
      ) : (
        <div className="mt-0.5 flex items-center gap-1.5">
          <span
            aria-hidden
            className={`size-2 shrink-0 rounded-full ${model ? (model.isOffline ? "bg-amber-500" : "bg-emerald-500") : "bg-neutral-300"}`}
          />
          <span data-testid="model-name" className="truncate font-mono text-neutral-800" title={model?.hint}>
            {model?.id ?? "…"}
          </span>
        </div>
      )}
      {model?.isOffline && (
        <p className="mt-1 leading-snug text-amber-800" data-testid="model-hint">
          {model.hint}
        </p>
      )}
    </div>
  );
}
