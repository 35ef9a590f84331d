/** Blind batch 01: thirty regressions of the mock, written from the reference and the mock's own code only. */
import type { BlindFault } from '../kit.ts';
import { ACCOUNT_FAULTS } from './account.ts';
import { CATALOG_FAULTS } from './catalog.ts';
import { FISCAL_FAULTS } from './fiscal.ts';
import { MESSAGE_FAULTS } from './messages.ts';
import { ORDER_FAULTS } from './orders.ts';
import { SEARCH_FAULTS } from './search.ts';
import { SHIPPING_FAULTS } from './shipping.ts';

export const BATCH: BlindFault[] = [
  ...ORDER_FAULTS,
  ...SEARCH_FAULTS,
  ...FISCAL_FAULTS,
  ...MESSAGE_FAULTS,
  ...CATALOG_FAULTS,
  ...SHIPPING_FAULTS,
  ...ACCOUNT_FAULTS,
];
