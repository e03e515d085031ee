import { Marked, type Tokens } from 'marked';

/**
 * Markdown → safe HTML. Raw HTML in the source is escaped (never passed through), and link and
 * image addresses are limited to http(s), mailto and same-site paths, so the output cannot carry
 * scripts, event handlers or javascript: URLs. The web client sanitizes once more with DOMPurify.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function safeUrl(href: string): string | null {
  const url = href.trim();
  if (/^(https?:|mailto:)/i.test(url)) return url;
  if (/^(\/(?!\/)|#|\.\.?\/)/.test(url)) return url;
  // a bare relative path without a scheme ("guide.pdf") is fine; anything with a scheme is not
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//')) return url;
  return null;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function renderMarkdown(source: string): string {
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const id = slugify(inner);
        return `<h${depth}${id ? ` id="${id}"` : ''}>${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const url = safeUrl(href);
        if (!url) return inner;
        const external = /^https?:/i.test(url);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        const rel = external ? ' rel="noopener noreferrer" target="_blank"' : '';
        return `<a href="${escapeHtml(url)}"${titleAttr}${rel}>${inner}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        const url = safeUrl(href);
        if (!url) return escapeHtml(text);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy">`;
      },
    },
  });
  return marked.parse(source) as string;
}
