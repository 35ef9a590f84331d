export {
  type AlternateOptions,
  CHOICES,
  type DrawnChoice,
  drawChoices,
  installAlternate,
  PRODUCTION_SEED,
  variantOf,
} from './catalog.ts';
export type { Choice, Pick } from './kit.ts';
