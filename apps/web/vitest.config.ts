// Component and unit tests of the web app, in a simulated DOM.
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    // above the waits' 30 s (vitest.setup.ts)
    testTimeout: 60_000,
  },
});
