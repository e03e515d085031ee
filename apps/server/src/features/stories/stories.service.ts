import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { z } from 'zod';
import type { Story, StorySummary } from '@tp/shared';
import { renderMarkdown } from './markdown';

/** apps/server/content/stories in development, dist/content/stories beside the bundle. */
export function defaultStoriesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../content/stories'), path.resolve(here, 'content/stories')];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0]!;
}

const frontMatterSchema = z.object({
  title: z.string().min(1),
  summary: z.string().min(1),
  date: z
    .union([z.date(), z.string()])
    .transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d))
    .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  author: z.string().min(1),
  readingTime: z.coerce.number().int().positive(),
});

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface StoryStore {
  list(): Promise<StorySummary[]>;
  get(id: string): Promise<Story | null>;
}

/**
 * Stories are Markdown files with front matter. They ship with the release and never change
 * while it runs, so they are parsed and rendered once, on first use.
 */
export function createStoryStore(dir: string = defaultStoriesDir()): StoryStore {
  let loaded: Promise<Map<string, Story>> | undefined;

  async function load(): Promise<Map<string, Story>> {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
    const stories = new Map<string, Story>();
    for (const file of files) {
      const id = file.slice(0, -3);
      if (!ID_PATTERN.test(id)) throw new Error(`Story file name must be a lowercase slug: ${file}`);
      const parsed = matter(await readFile(path.join(dir, file), 'utf8'));
      const front = frontMatterSchema.safeParse(parsed.data);
      if (!front.success) {
        throw new Error(
          `Story ${file} has bad front matter: ${front.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      stories.set(id, { id, ...front.data, html: renderMarkdown(parsed.content) });
    }
    return stories;
  }

  const all = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };

  return {
    async list() {
      const stories = [...(await all()).values()];
      return stories
        .map(({ html: _html, ...summary }) => summary)
        .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
    },
    async get(id) {
      return (await all()).get(id) ?? null;
    },
  };
}
