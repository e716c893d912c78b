/** Shapes of the invite calls (issue 10). */
export {}
