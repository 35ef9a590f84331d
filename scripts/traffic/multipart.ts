export { type FormPart, formParts } from '../../lib/rules/form-parts.ts';
