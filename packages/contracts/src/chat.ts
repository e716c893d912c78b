/** Shapes of the chat calls (issue 10). */
export {}
