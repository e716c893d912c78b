/** Shapes of the back office's admin-users calls (issue 11). */
export {}
