// The run's first project holds no test: the contract and property projects depend on it, and its
// teardown is the run's judge (run.spec.ts), which Playwright runs once they are done, whichever of them
// were chosen. Without a test of its own it costs no worker (a process of seconds of CPU per run).
export {};
