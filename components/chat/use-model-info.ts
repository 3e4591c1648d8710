"use client";

import { useQuery } from "@tanstack/react-query";
import { readableError } from "@/components/api/api-error";
import { modelQuery } from "@/components/api/queries";
import type { ModelInfo } from "@/lib/api";

export function useModelInfo(): { model: ModelInfo | null; error: string | null } {
  const { data, error } = useQuery(modelQuery());
  return { model: data ?? null, error: error ? readableError(error) : null };
}
