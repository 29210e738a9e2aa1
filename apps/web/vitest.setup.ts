// Testing Library waits (findBy…, waitFor) get the suite's generous timeout instead of 1 s: on a
// busy 2-core machine a screen's lazy part (recharts behind the usage charts) took longer than a
// second to load, and a wait for something that must appear failed (two parallel `npm test`
// runs, 2026-11-27). A hung wait still fails, within the test's own timeout.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 30_000 });
