/**
 * Unit tests run as a phone of the platform's first market: Hong Kong Chinese first in the
 * browser's languages (jsdom says en-US), so a test that chooses no language sees the app start in
 * the default one. A test about the browser's languages sets its own.
 */
Object.defineProperty(window.navigator, 'languages', { value: ['zh-HK', 'en'], configurable: true })
