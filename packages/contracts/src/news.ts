/** Shapes of the news calls (issue 10). */
export {}
