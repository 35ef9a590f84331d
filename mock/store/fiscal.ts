import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreContext } from './context.ts';
import { fixturesDir, readSeed } from './data.ts';
import type { PacksStore } from './packs.ts';

export const FISCAL_FILE_TYPES = ['application/pdf', 'application/xml', 'text/xml'] as const;
export type FiscalFileType = (typeof FISCAL_FILE_TYPES)[number];

/** The reference's "type" of a document: application/xml and text/xml are both XML (a mock choice). */
export type FiscalKind = 'pdf' | 'xml';

export function fiscalKind(fileType: FiscalFileType): FiscalKind {
  return fileType === 'application/pdf' ? 'pdf' : 'xml';
}

export interface FiscalDocumentRecord {
  id: string;
  packId: number;
  sellerId: number;
  fileType: FiscalFileType;
  filename: string;
  /** ISO 8601 with Z. */
  date: string;
  bytes: Buffer;
}

export interface NewFiscalFile {
  fileType: FiscalFileType;
  filename: string;
  bytes: Buffer;
}

export interface FiscalStore {
  /** Every document of the pack, oldest first. */
  ofPack(packId: number): FiscalDocumentRecord[];
  /** The documents one seller loaded to the pack, oldest first. */
  ofSeller(packId: number, sellerId: number): FiscalDocumentRecord[];
  find(packId: number, id: string): FiscalDocumentRecord | undefined;
  add(packId: number, sellerId: number, files: NewFiscalFile[]): FiscalDocumentRecord[];
  /** Removes the seller's documents of the pack and returns them. */
  removeOfSeller(packId: number, sellerId: number): FiscalDocumentRecord[];
}

interface FiscalSeed {
  documents: {
    id: string;
    packId: number;
    sellerId: number;
    file: string;
    fileType: FiscalFileType;
    filename: string;
    daysAgo: number;
  }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function newDocumentId(): string {
  return randomBytes(12).toString('hex');
}

export function createFiscalStore(ctx: StoreContext, packs: PacksStore): FiscalStore {
  const byPack = new Map<number, FiscalDocumentRecord[]>();
  const listOf = (packId: number) => byPack.get(packId) ?? [];
  const insert = (record: FiscalDocumentRecord) =>
    byPack.set(record.packId, [...listOf(record.packId), record]);

  for (const seed of readSeed<FiscalSeed>('fiscal.json').documents) {
    if (!packs.get(seed.packId)) throw new Error(`fiscal.json: pack ${seed.packId} is not in packs.json`);
    insert({
      id: seed.id,
      packId: seed.packId,
      sellerId: seed.sellerId,
      fileType: seed.fileType,
      filename: seed.filename,
      date: new Date(ctx.now.getTime() - seed.daysAgo * DAY_MS).toISOString(),
      bytes: readFileSync(join(fixturesDir, 'files', seed.file)),
    });
  }

  return {
    ofPack: (packId) => [...listOf(packId)],
    ofSeller: (packId, sellerId) => listOf(packId).filter((doc) => doc.sellerId === sellerId),
    find: (packId, id) => listOf(packId).find((doc) => doc.id === id),
    add(packId, sellerId, files) {
      const date = new Date().toISOString();
      const created = files.map((file) => ({ ...file, id: newDocumentId(), packId, sellerId, date }));
      for (const record of created) insert(record);
      return created;
    },
    removeOfSeller(packId, sellerId) {
      const [removed, kept] = partition(listOf(packId), (doc) => doc.sellerId === sellerId);
      byPack.set(packId, kept);
      return removed;
    },
  };
}

function partition<T>(items: T[], predicate: (item: T) => boolean): [T[], T[]] {
  return [items.filter(predicate), items.filter((item) => !predicate(item))];
}
