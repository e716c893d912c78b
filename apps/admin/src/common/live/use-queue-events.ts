import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { headers } from '../api/client.ts'

/** Waits between reconnections grow to this, so a server restart is not hammered. */
const MAX_RETRY_MS = 30_000
const FIRST_RETRY_MS = 2_000

/**
 * Live queue updates from `/admin/api/events` (Server-Sent Events). EventSource cannot send the
 * authorization header, so the stream is read with fetch. A new item refreshes the dashboard's
 * counts and the queue's list at once; without the endpoint (404) the 15-second refresh is all.
 */
export function useQueueEvents(enabled: boolean): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    let retryMs = FIRST_RETRY_MS
    let timer: ReturnType<typeof setTimeout> | undefined

    function onEvent(data: string) {
      let event: { type?: unknown; queue?: unknown }
      try {
        event = JSON.parse(data) as typeof event
      } catch {
        return
      }
      if (event.type !== 'queue') return
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
      if (typeof event.queue === 'string')
        void queryClient.invalidateQueries({ queryKey: ['queue', event.queue] })
    }

    async function connect() {
      try {
        const response = await fetch('/admin/api/events', {
          headers: { ...headers(), accept: 'text/event-stream' },
          signal: controller.signal,
        })
        const type = response.headers.get('content-type') ?? ''
        if (!response.ok || !type.includes('text/event-stream') || !response.body) {
          // Not there (or not ours to read): no live updates, and no retrying a missing endpoint.
          if (response.status === 404 || response.status === 403) return
          throw new Error(`events: ${response.status}`)
        }
        retryMs = FIRST_RETRY_MS
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += value
          let end: number
          while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '')
            const data = block
              .split(/\r?\n/)
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trimStart())
              .join('\n')
            if (data) onEvent(data)
          }
        }
      } catch {
        if (controller.signal.aborted) return
      }
      if (controller.signal.aborted) return
      timer = setTimeout(() => void connect(), retryMs)
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
    }

    void connect()
    return () => {
      controller.abort()
      if (timer) clearTimeout(timer)
    }
  }, [enabled, queryClient])
}
