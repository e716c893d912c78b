import { QueryClient } from '@tanstack/react-query'

/**
 * The app's query cache. No automatic retries: the API client toasts every failure, and a retry
 * would toast it again; screens offer their own retry instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
})
