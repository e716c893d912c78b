/** Shapes of the back office's admin-queues calls (issue 11). */
export {}
