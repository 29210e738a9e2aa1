// A vitest reporter that lists the tests which passed only on a retry (the browser project retries
// a failed test once in CI). `npm test` prints the list in its summary: each entry is a flaky test
// to fix, not a pass to forget. Writes JSON to $RETRIED_REPORT when set.
import { writeFileSync } from 'node:fs';

export default class RetriedReporter {
  retried = [];

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    this.retried.push({
      file: testCase.module.relativeModuleId ?? testCase.module.moduleId,
      test: testCase.fullName,
      retries: diagnostic.retryCount,
      state: testCase.result().state,
      errors: (testCase.result().errors ?? []).map((e) => e.message),
    });
  }

  onTestRunEnd() {
    const out = process.env.RETRIED_REPORT;
    if (out) writeFileSync(out, JSON.stringify(this.retried, null, 2));
  }
}
