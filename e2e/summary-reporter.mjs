// Ends the run with one line, `N passed, N failed`, that `./run test` finishes on. A test counts once,
// by its final outcome (after retries); skipped tests are in neither number; an error outside any
// test (the web server did not start, a spec did not load) counts as a failure.
export default class SummaryReporter {
  constructor() {
    this.outcomes = new Map();
    this.errors = 0;
  }

  printsToStdio() {
    return false;
  }

  onTestEnd(test) {
    this.outcomes.set(test.id, test.outcome());
  }

  onError() {
    this.errors += 1;
  }

  onEnd(result) {
    const outcomes = [...this.outcomes.values()];
    const passed = outcomes.filter((o) => o === 'expected' || o === 'flaky').length;
    let failed = outcomes.filter((o) => o === 'unexpected').length + this.errors;
    if (failed === 0 && result.status !== 'passed') failed = 1;
    console.log(`${passed} passed, ${failed} failed`);
  }
}
