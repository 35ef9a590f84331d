import { defineConfig } from '@playwright/test';
import type { TargetOptions } from './fixtures/index.ts';
import { loadProfile, ProfileError } from './fixtures/target/load.ts';

function profileOrExit() {
  try {
    return loadProfile();
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

const target = profileOrExit();
const mockPort = Number(process.env.MOCK_PORT ?? new URL(target.baseURL).port ?? 4010);
const startMock = !process.env.BASE_URL && target.isMock;
if (startMock) target.baseURL = `http://127.0.0.1:${mockPort}`;
const reports = process.env.REPORTS_DIR ?? 'reports';

export default defineConfig<TargetOptions>({
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.WORKERS ? Number(process.env.WORKERS) : undefined,
  timeout: 30_000,
  outputDir: `${reports}/test-results`,
  globalSetup: './scripts/global-setup.ts',
  reporter: [
    ['list'],
    ['json', { outputFile: `${reports}/results.json` }],
    ['junit', { outputFile: `${reports}/junit.xml` }],
    ['html', { outputFolder: `${reports}/html`, open: 'never' }],
    [
      'allure-playwright',
      {
        resultsDir: `${reports}/allure-results`,
        detail: true,
        links: { tms: { urlTemplate: '../traceability.html#%s', nameTemplate: 'requirement %s' } },
      },
    ],
  ],
  use: {
    target,
    baseURL: target.baseURL,
    // Traces and videos would record Authorization headers; evidence is attached redacted instead.
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  webServer: startMock
    ? {
        command: `npx tsx mock/server.ts --port ${mockPort}`,
        url: `http://127.0.0.1:${mockPort}/__mock/health`,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore',
        stderr: 'pipe',
        timeout: 30_000,
      }
    : undefined,
  projects: [
    { name: 'spec', testDir: 'tests/spec' },
    { name: 'mock', testDir: 'tests/mock' },
    { name: 'self', testDir: 'tests/self' },
    { name: 'contract', testDir: 'tests/contract' },
    { name: 'properties', testDir: 'tests/properties' },
  ],
});
