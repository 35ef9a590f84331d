// Allure 3 configuration for `allure generate` (scripts/build-reports.ts).
import { defineConfig } from 'allure';

export default defineConfig({
  name: 'Marketplace Commerce API conformance',
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
