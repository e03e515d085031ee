import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResponseSchema, storiesResponseSchema, storyResponseSchema } from '@tp/shared';
import { useTestApp } from '../../test/kit';
import { renderMarkdown, safeUrl } from './markdown';
import { createStoryStore } from './stories.service';
import { tempDir } from '../../test/temp-dirs';

describe('stories API', () => {
  const t = useTestApp();

  it('lists at least four stories, newest first, with their front matter and no body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories' });
    expect(res.statusCode).toBe(200);
    const { stories } = storiesResponseSchema.parse(res.json());
    expect(stories.length).toBeGreaterThanOrEqual(4);
    expect(stories.map((s) => s.id)).toContain('github-cloudflare');
    const dates = stories.map((s) => s.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const story of stories) {
      expect(story.title.length).toBeGreaterThan(10);
      expect(story.summary.length).toBeGreaterThan(40);
      expect(story.readingTime).toBeGreaterThan(0);
      expect(story).not.toHaveProperty('html');
    }
  });

  it('serves one story rendered to HTML, with heading anchors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories/github-cloudflare' });
    expect(res.statusCode).toBe(200);
    const { story } = storyResponseSchema.parse(res.json());
    expect(story.title).toMatch(/GitHub to Cloudflare/);
    expect(story.html).toContain('<h2 id="cloudflare-in-front">Cloudflare in front</h2>');
    expect(story.html).toContain('<table>');
    expect(story.html).not.toMatch(/<script/i);
  });

  it('answers 404 for an unknown story and 400 naming the id for a malformed one', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/stories/no-such-story' });
    expect(missing.statusCode).toBe(404);
    expect(errorResponseSchema.parse(missing.json()).error).toBe('The requested resource was not found.');

    const bad = await t.app.inject({ method: 'GET', url: '/api/stories/..%2Fsecrets' });
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).details?.[0]?.field).toBe('id');
  });
});

describe('story rendering is safe', () => {
  it('escapes raw HTML and drops script URLs', () => {
    const html = renderMarkdown(
      [
        '# Title',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3)) [ok](https://example.com) [local](/contact)',
        '![pic](data:text/html;base64,AAAA)',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">ok</a>');
    expect(html).toContain('<a href="/contact">local</a>');
    expect(html).not.toContain('data:text/html');
  });

  it('accepts only safe link targets', () => {
    expect(safeUrl('https://a.example')).toBe('https://a.example');
    expect(safeUrl('mailto:x@example.com')).toBe('mailto:x@example.com');
    expect(safeUrl('/stories')).toBe('/stories');
    expect(safeUrl('#part')).toBe('#part');
    expect(safeUrl('JavaScript:alert(1)')).toBeNull();
    expect(safeUrl('//evil.example')).toBeNull();
    expect(safeUrl('vbscript:x')).toBeNull();
  });

  it('refuses a story with incomplete front matter, naming the field', async () => {
    const dir = tempDir('tp-stories-');
    writeFileSync(path.join(dir, 'broken-story.md'), '---\ntitle: Only a title\n---\nBody');
    await expect(createStoryStore(dir).list()).rejects.toThrow(/broken-story\.md has bad front matter: summary/);
  });
});
