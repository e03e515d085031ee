import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

const html =
  '<p onclick="steal()">Hi <b>there</b> <a href="https://example.com" onmouseover="x()">link</a></p>' +
  '<img src="/a.png" alt="a" onerror="boom()"><ul><li>one</li></ul><script>alert(1)</script>' +
  '<table><tr><td>cell</td></tr></table><iframe src="https://evil.example"></iframe>';

describe('sanitizeHtml', () => {
  it('gives "" for non-string or empty input', () => {
    for (const input of [undefined, null, 42, {}, ['<b>x</b>'], '']) expect(sanitizeHtml(input)).toBe('');
  });

  it('strict keeps only basic text tags', () => {
    const out = sanitizeHtml(html, 'strict');
    expect(out).toContain('<p>Hi <b>there</b> link</p>');
    expect(out).not.toMatch(/<a|<img|<ul|<li|<script|<table|<iframe/);
  });

  it('moderate also keeps images, links and lists', () => {
    const out = sanitizeHtml(html, 'moderate');
    expect(out).toContain('<a href="https://example.com">link</a>');
    expect(out).toContain('<img src="/a.png" alt="a">');
    expect(out).toContain('<ul><li>one</li></ul>');
    expect(out).not.toMatch(/<script|<table|<iframe/);
  });

  it('permissive forbids only script', () => {
    const out = sanitizeHtml(html, 'permissive');
    expect(out).toContain('<td>cell</td>');
    expect(out).toContain('<a href="https://example.com">');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('alert(1)');
  });

  it('every preset removes event-handler attributes and javascript: links', () => {
    for (const preset of ['strict', 'moderate', 'permissive'] as const) {
      const out = sanitizeHtml(`${html}<a href="javascript:alert(1)">x</a><svg onload="x()"></svg>`, preset);
      expect(out).not.toMatch(/\son\w+=/i);
      expect(out).not.toContain('javascript:');
    }
  });
});
