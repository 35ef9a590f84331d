// Allure 3 configuration for `allure generate` (scripts/build-reports.ts).
import { defineConfig } from 'allure';

export default defineConfig({
  name: 'Marketplace Commerce API conformance',
  // Each run's results are added to a history file, so the report shows each test's last runs (Allure 3's
  // history). scripts/build-reports.ts puts it beside the target's memory (ALLURE_HISTORY_PATH), which CI
  // keeps between nights; without a memory, in the reports folder.
  historyPath: process.env.ALLURE_HISTORY_PATH ?? './reports/allure-history.jsonl',
  historyLimit: 30,
  plugins: {
    awesome: {
      options: {
        // One self-contained file: the report opens from disk or an artifact without a server.
        singleFile: true,
        reportLanguage: 'en',
        // By resource, then endpoint: labels scripts/build-reports.ts gives each result (lib/report/allure-labels.ts).
        groupBy: ['feature', 'story'],
      },
    },
  },
});
