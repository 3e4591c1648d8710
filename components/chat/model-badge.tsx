"use client";

import { useModelInfo } from "./use-model-info";

/**
 * The server's default model. What the offline model is, the picker says where the model is chosen;
 * how to configure a real one is for whoever runs the server (README), not for the people chatting.
 */
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
          <span data-testid="model-name" className="truncate font-mono text-neutral-800">
            {model?.id ?? "…"}
          </span>
        </div>
      )}
    </div>
  );
}
