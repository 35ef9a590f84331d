/**
 * Fiscal documents of a pack, model-based. Uses fiscal.writablePacks[13] (the contract tests use
 * 0 to 12): each run starts by deleting what the seller holds there and deletes again at the end.
 */

import fc from 'fast-check';
import { expectHot, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { emptyFiscalModel } from '../../lib/rules/fiscal-model.ts';
import { fiscalCommands } from './models/fiscal/commands.ts';
import type { FiscalModel, FiscalReal, SentFile } from './models/fiscal/FiscalModel.ts';
import { runModel } from './models/runModel.ts';
import { callersPresent } from './support/leftOut.ts';

const PACK_INDEX = 13;

async function clearPack(api: ApiClient, pack: number): Promise<void> {
  const res = await api.call('deleteFiscalDocuments', { as: 'seller', path: { pack_id: pack } });
  expectHot([200, 404], `${res.label}: clearing the pack`).toContain(res.status);
}

test.describe('fiscal documents of a pack (model-based)', () => {
  // A failure shrinks through many more requests than a passing run makes.
  test.describe.configure({ timeout: 120_000 });

  test(
    'should answer every sequence of uploads, lists, downloads and deletes as the model of the pack says',
    verifies(
      [
        'FIS-UPLOAD-RESULT',
        'FIS-UPLOAD-ONE-OR-TWO',
        'FIS-UPLOAD-TYPES',
        'FIS-LIMIT-PER-SELLER',
        'FIS-ERR-SAME-TYPE-TWICE',
        'FIS-ERR-MAX-FILES',
        'FIS-ERR-TYPE-EXISTS',
        'FIS-ERR-EMPTY-FILE',
        'FIS-ERR-FILENAME-EMPTY',
        'FIS-ERR-TYPE',
        'FIS-ERR-TOO-MANY-FILES',
        'FIS-ERR-NO-DOCUMENTS',
        'FIS-ERR-DELETE-NOTHING',
        'FIS-ERR-DOWNLOAD-UNKNOWN',
        'FIS-DOWNLOAD-FILE',
        'FIS-DELETE-RESULT',
        'FIS-LIST-SELLER-OWN',
        'FIS-LIST-BUYER-ALL',
        'FIS-AUTH-FORBIDDEN',
      ],
      '@writes',
    ),
    async ({ api, target, property, writablePack }) => {
      const pack = writablePack('fiscal', PACK_INDEX);
      const run = async (commands: Iterable<fc.AsyncCommand<FiscalModel, FiscalReal>>) => {
        await clearPack(api, pack);
        try {
          await runModel(
            async () => ({ model: emptyFiscalModel<SentFile>(), real: { api, target, pack } }),
            commands,
          );
        } finally {
          await clearPack(api, pack);
        }
      };
      const callers = callersPresent(
        target,
        ['seller', 'buyer', 'stranger'] as const,
        { stranger: target.isMock ? [] : ['FIS-AUTH-FORBIDDEN'] },
        (role) => `uploads, lists, downloads and deletes as ${role}`,
      );
      await property(fc.asyncProperty(fiscalCommands(target, callers, 10), run), 10);
    },
  );
});
