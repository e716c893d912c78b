/** Shapes of the identity calls (issue 10). */
export {}
