/** Shapes of the rank calls (issue 10). */
export {}
