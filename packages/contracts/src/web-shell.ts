/**
 * The phone app's shell texts (header, tabs, sign-in headings) in every language, as its build
 * writes them beside index.html (apps/web/vite.config.ts, `appShell`): a JSON object of language
 * code → texts. The server writes the page language's entry into each page it serves
 * (apps/server/src/web-shell), since the shell's own script carries only the default language's.
 */
export const SHELL_TEXTS_FILE = 'shell-texts.json'
