import type { HeldContext, HeldRead } from './types.ts';

interface Paging {
  total: number;
  limit: number;
}

function pagingOf(body: unknown): Paging | undefined {
  const paging = (body as { paging?: Partial<Paging> } | null)?.paging;
  const { total, limit } = paging ?? {};
  return typeof total === 'number' && typeof limit === 'number' && limit > 0 ? { total, limit } : undefined;
}

/**
 * Every page of a listing at the server's default page size: the first page says the size and the
 * total, the others are asked by offset. A first page that is no 2xx answer is still one read.
 */
export async function everyPage(
  ctx: HeldContext,
  first: HeldRead,
  withOffset: (offset: number) => HeldRead,
): Promise<HeldRead[]> {
  const answer = await ctx.answer(first);
  const paging = answer.status >= 200 && answer.status < 300 ? pagingOf(answer.body) : undefined;
  if (!paging) return [first];
  const pages = Math.ceil(paging.total / paging.limit);
  return [
    first,
    ...Array.from({ length: Math.max(0, pages - 1) }, (_, i) => withOffset((i + 1) * paging.limit)),
  ];
}
