import type { ErrorObject } from 'ajv/dist/2020.js';
import { objectCondition } from './presence-conditions.ts';
import { escapePointer, projectRoot, type SchemaNode } from './spec-document.ts';

/**
 * The listed fields an answer leaves out (omissions, lib/checks/spec.ts judges them apart from the
 * stated rules): the schema walked with the data, each `anyOf`/`oneOf` by the branch that holds, each
 * `if` by the branch its data takes, whose condition (`value_type=boolean`) travels with its omissions.
 */

/** What the walk reads of the document: its nodes, and its validators (all fields, stated fields only). */
export interface SchemaReader {
  nodeAt(pointer: string): SchemaNode | undefined;
  validate(pointer: string, data: unknown): ErrorObject[];
  stated(pointer: string, data: unknown, instancePath: string): ErrorObject[];
}

/** A required field absent where its schema does not state it always present: an omission, in ajv's shape. */
function omissionError(
  node: SchemaNode,
  pointer: string,
  instancePath: string,
  field: string,
  condition: string | undefined,
): ErrorObject {
  return {
    keyword: 'required',
    instancePath,
    schemaPath: `#${pointer}/required`,
    params: condition ? { missingProperty: field, condition } : { missingProperty: field },
    message: `must have required property '${field}'`,
    schema: node.required,
    parentSchema: node,
  };
}

export function omissionsOf(
  reader: SchemaReader,
  pointer: string,
  data: unknown,
  instancePath: string,
  condition?: string,
): ErrorObject[] {
  const node = reader.nodeAt(pointer);
  if (!node) return [];
  const found: ErrorObject[] = [];
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/'))
    found.push(...omissionsOf(reader, node.$ref.slice(1), data, instancePath, condition));
  if (Array.isArray(node.allOf))
    node.allOf.forEach((_, i) => {
      found.push(...omissionsOf(reader, `${pointer}/allOf/${i}`, data, instancePath, condition));
    });
  for (const key of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(node[key]))
      found.push(...branchOmissions(reader, `${pointer}/${key}`, node[key], data, instancePath));
  if (node.if !== undefined) {
    const branch = reader.validate(`${pointer}/if`, data).length === 0 ? 'then' : 'else';
    const when =
      branch === 'then' && data && typeof data === 'object' && !Array.isArray(data)
        ? objectCondition(data as Record<string, unknown>, projectRoot)
        : undefined;
    if (node[branch] !== undefined)
      found.push(...omissionsOf(reader, `${pointer}/${branch}`, data, instancePath, when ?? condition));
  }
  if (Array.isArray(data)) {
    if (node.items && typeof node.items === 'object')
      data.forEach((element, i) => {
        found.push(...omissionsOf(reader, `${pointer}/items`, element, `${instancePath}/${i}`));
      });
    return found;
  }
  if (!data || typeof data !== 'object') return found;
  const record = data as Record<string, unknown>;
  const stated = (node['x-presence-stated'] as string[] | undefined) ?? [];
  for (const field of Array.isArray(node.required) ? (node.required as string[]) : [])
    if (!(field in record) && !stated.includes(field))
      found.push(omissionError(node, pointer, instancePath, field, condition));
  for (const name of Object.keys((node.properties as SchemaNode | undefined) ?? {}))
    if (name in record) {
      const segment = escapePointer(name);
      found.push(
        ...omissionsOf(
          reader,
          `${pointer}/properties/${segment}`,
          record[name],
          `${instancePath}/${segment}`,
        ),
      );
    }
  return found;
}

/** The omissions of the branch that holds leaving listed fields aside and misses fewest; none when no branch holds. */
function branchOmissions(
  reader: SchemaReader,
  pointer: string,
  branches: unknown[],
  data: unknown,
  instancePath: string,
): ErrorObject[] {
  const held = branches
    .map((_, i) => `${pointer}/${i}`)
    .filter((branch) => reader.stated(branch, data, instancePath).length === 0)
    .map((branch) => omissionsOf(reader, branch, data, instancePath));
  return held.sort((a, b) => a.length - b.length)[0] ?? [];
}
