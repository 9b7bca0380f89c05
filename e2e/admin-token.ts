/** The operator token the e2e server runs with (playwright.config.ts) and the tests present. */
export const E2E_ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef0123';
