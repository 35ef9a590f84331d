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
        // allure-playwright names suites after the project, the file (the resource) and the describe (the endpoint).
        groupBy: ['parentSuite', 'suite', 'subSuite'],
      },
    },
  },
});
