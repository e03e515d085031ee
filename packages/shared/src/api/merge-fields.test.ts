import { describe, expect, it } from 'vitest';
import { campaignDraftSchema } from './campaigns';
import { MERGE_FIELD_MESSAGES, MERGE_LIMITS, mergeText, parseMergeTags } from './merge-fields';

const ada = { name: 'Ada', email: 'ada@example.com' };

describe('personalisation fields', () => {
  it('reads {{name}}, {{email}} and a fallback, with spaces and in any case', () => {
    const { tags, problem } = parseMergeTags('Dear {{ Name | dear friend }}, at {{email}}');
    expect(problem).toBeNull();
    expect(tags).toEqual([
      { start: 5, end: 29, field: 'name', fallback: 'dear friend' },
      { start: 34, end: 43, field: 'email', fallback: '' },
    ]);
  });

  it('merges a recipient’s values, the fallback standing in for an empty one', () => {
    expect(mergeText('Dear {{name|partner}} ({{email}})', ada)).toBe('Dear Ada (ada@example.com)');
    expect(mergeText('Dear {{name|partner}},', { name: '  ', email: 'x@example.com' })).toBe('Dear partner,');
    expect(mergeText('Dear {{name}},', { name: '', email: 'x@example.com' })).toBe('Dear ,');
    // a value is not read again for fields
    expect(mergeText('{{name}}', { name: '{{email}}', email: 'x@example.com' })).toBe('{{email}}');
  });

  it('names an unknown field, one left open, one inside a link, and a fallback too long', () => {
    expect(parseMergeTags('Dear {{company}}').problem).toBe(MERGE_FIELD_MESSAGES.unknown('company'));
    expect(parseMergeTags('Dear {{}}').problem).toBe(MERGE_FIELD_MESSAGES.unknown(''));
    expect(parseMergeTags('Dear {{name},').problem).toBe(MERGE_FIELD_MESSAGES.incomplete('{{name},'));
    expect(parseMergeTags('Dear name}}').problem).toMatch(/^Incomplete personalisation field “}}”/);
    const link = 'https://example.com/?to={{email}}';
    expect(parseMergeTags(link, { links: true }).problem).toBe(MERGE_FIELD_MESSAGES.inLink('email'));
    expect(parseMergeTags(`${link.slice(0, 24)} {{email}}`, { links: true }).problem).toBeNull();
    const long = `{{name|${'x'.repeat(MERGE_LIMITS.fallbackMax + 1)}}}`;
    expect(parseMergeTags(long).problem).toBe(MERGE_FIELD_MESSAGES.fallbackTooLong('name'));
    expect(mergeText('Dear {{company}}', ada)).toBe('Dear {{company}}');
  });

  it('is checked by the campaign draft, naming the field', () => {
    const draft = {
      name: 'Spring',
      subject: 'For {{company}}',
      message: 'Dear {{ firstname }}',
      selectedLists: ['11111111-1111-4111-8111-111111111111'],
    };
    const issues = campaignDraftSchema.safeParse(draft).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['subject', MERGE_FIELD_MESSAGES.unknown('company')],
      ['message', MERGE_FIELD_MESSAGES.unknown('firstname')],
    ]);
  });
});
