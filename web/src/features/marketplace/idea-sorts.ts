/**
 * The orders GET /api/marketplace/ideas accepts (`sort`): apart from the list's query (api/list-ideas.ts), so the
 * first page's marketplace frame reads the address's order without that query's code.
 */
export const IDEA_SORTS = ['newest', 'likes'] as const;
export type IdeaSort = (typeof IDEA_SORTS)[number];
export const isIdeaSort = (value: unknown): value is IdeaSort => IDEA_SORTS.includes(value as IdeaSort);
