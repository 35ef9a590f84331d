import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import { AllureReporter } from 'allure-playwright';

type Result = Parameters<FileSystemWriter['writeResult']>[0];
type Group = Parameters<FileSystemWriter['writeGroup']>[0];

/**
 * Allure's writer without an fsync per file. The runner writes each test's result and every evidence
 * attachment on its one thread; Allure's own writer flushes each to the disk before going on, which held
 * the runner (and so the dispatch of tests to idle workers) for a fifth of a run's wall time on a busy
 * disk. The results are read once the run has ended (scripts/build-reports.ts), never after a crash.
 */
class UnflushedWriter extends FileSystemWriter {
  constructor(private readonly resultsDir: string) {
    super({ resultsDir });
    mkdirSync(resultsDir, { recursive: true });
  }

  override writeAttachment(distFileName: string, content: Buffer): void {
    writeFileSync(join(this.resultsDir, distFileName), content);
  }

  override writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, join(this.resultsDir, distFileName));
  }

  override writeGroup(result: Group): void {
    writeFileSync(join(this.resultsDir, `${result.uuid}-container.json`), JSON.stringify(result));
  }

  override writeResult(result: Result): void {
    writeFileSync(join(this.resultsDir, `${result.uuid}-result.json`), JSON.stringify(result));
  }
}

/** allure-playwright, writing through UnflushedWriter; its options are allure-playwright's. */
export default class FastAllureReporter extends AllureReporter {
  constructor(private readonly allureOptions: ConstructorParameters<typeof AllureReporter>[0]) {
    super(allureOptions);
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    const runtime = (this as unknown as { allureRuntime: { writer: unknown } }).allureRuntime;
    runtime.writer = new UnflushedWriter(this.allureOptions.resultsDir ?? './allure-results');
  }
}
