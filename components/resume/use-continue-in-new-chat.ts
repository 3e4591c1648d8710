"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { api } from "@/components/api/api-client";
import { actions } from "@/components/api/action-client";
import { queryKeys } from "@/components/api/query-keys";

/**
 * A new thread on the same workspace and action scope whose first turn starts with `text`. It
 * navigates as soon as the server has started that turn: the new chat page follows a reply that
 * is being written (its streaming row), so nobody waits here for the first reply.
 */
export function useContinueInNewChat(threadId: string) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => {
      const thread = await actions.createThread({ workspaceOf: threadId });
      await api.startChatTurn(thread.id, text);
      return thread.id;
    },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.threads() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceThreads(threadId) });
      router.push(`/t/${id}`);
    },
  });
}
