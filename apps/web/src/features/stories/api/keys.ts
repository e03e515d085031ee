/** Cache keys of the stories' queries. */
export const storyKeys = {
  all: ['stories'] as const,
  list: () => [...storyKeys.all, 'list'] as const,
  detail: (id: string) => [...storyKeys.all, 'detail', id] as const,
};
