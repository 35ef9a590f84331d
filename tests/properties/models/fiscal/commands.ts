import fc from 'fast-check';
import type { TargetProfile } from '../../../../lib/profile/types.ts';
import type { FiscalCaller } from '../../../../lib/rules/fiscal-model.ts';
import { fiscalUpload } from '../../arbitraries/fiscalFiles.ts';
import { commandsThatRun } from '../commandSet.ts';
import { DeleteFiscalDocumentsCommand } from './DeleteFiscalDocumentsCommand.ts';
import { DownloadFiscalDocumentCommand, type DownloadPick } from './DownloadFiscalDocumentCommand.ts';
import type { FiscalModel, FiscalReal } from './FiscalModel.ts';
import { ListFiscalDocumentsCommand } from './ListFiscalDocumentsCommand.ts';
import { UploadFiscalDocumentsCommand } from './UploadFiscalDocumentsCommand.ts';

/**
 * Command sequences against one pack, by the callers the profile has (`callers`: the seller, the
 * buyer, and the stranger when there is one). Whether the buyer may write and whether text/xml is the
 * same type as application/xml are reference gaps: those are exercised only against the mock.
 */
export function fiscalCommands(
  target: TargetProfile,
  callers: readonly FiscalCaller[],
  maxCommands: number,
): fc.Arbitrary<Iterable<fc.AsyncCommand<FiscalModel, FiscalReal>>> {
  const xmlTypes = target.isMock ? ['application/xml', 'text/xml'] : ['application/xml'];
  const others = callers.filter((c) => c === 'stranger' || (c === 'buyer' && target.isMock));
  const writer =
    others.length > 0
      ? fc.oneof(
          { weight: 6, arbitrary: fc.constant<FiscalCaller>('seller') },
          { weight: 1, arbitrary: fc.constantFrom<FiscalCaller>(...others) },
        )
      : fc.constant<FiscalCaller>('seller');
  const reader = fc.constantFrom<FiscalCaller>(...callers);
  const pick = fc.constantFrom<DownloadPick>('held', 'held', 'gone', 'unknown');
  const upload = fc
    .tuple(writer, fiscalUpload(xmlTypes))
    .map(([as, parts]) => new UploadFiscalDocumentsCommand(as, parts));
  // Uploads twice as likely as the others: the interesting states (one, two documents) need them.
  return commandsThatRun(
    [
      upload,
      upload,
      reader.map((as) => new ListFiscalDocumentsCommand(as)),
      fc.tuple(reader, pick, fc.nat(7)).map(([as, p, i]) => new DownloadFiscalDocumentCommand(as, p, i)),
      writer.map((as) => new DeleteFiscalDocumentsCommand(as)),
    ],
    maxCommands,
    `callers ${callers.join(', ')}`,
  );
}
