import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  contentShareRequestSchema,
  fileTooLargeMessage,
  listFilesQuerySchema,
  searchRequestSchema,
  signedUrlRequestSchema,
  TAG_MAX,
  TAGS_FIELD_MAX,
  TAGS_MAX,
  uploadFieldsSchema,
  uploadTagsSchema,
} from '../index';

describe('content contract', () => {
  it('reads the list query from strings, with the defaults, capping the page size at 100', () => {
    expect(listFilesQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 20,
      period: 'all',
      category: 'all',
      sort: 'recent',
    });
    expect(
      listFilesQuerySchema.parse({ page: '3', limit: '500', period: 'week', category: 'image', sort: 'size' }),
    ).toMatchObject({
      page: 3,
      limit: 100,
      period: 'week',
      category: 'image',
      sort: 'size',
    });
    for (const bad of [
      { page: '0' },
      { limit: '0' },
      { period: 'year' },
      { sort: 'views' },
      { search: 'x'.repeat(201) },
    ]) {
      expect(listFilesQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads the multipart fields beside an upload: trimmed description, comma-separated tags, a flag', () => {
    expect(uploadFieldsSchema.parse({})).toEqual({ description: '', tags: [], isPublic: false });
    expect(
      uploadFieldsSchema.parse({ description: ' Q3 ', tags: 'invoice, brazil,,invoice ', isPublic: 'true' }),
    ).toEqual({
      description: 'Q3',
      tags: ['invoice', 'brazil'],
      isPublic: true,
    });
    expect(uploadFieldsSchema.safeParse({ isPublic: 'maybe' }).success).toBe(false);
  });

  it('says what is wrong with the tags in words a form can show under its Tags field', () => {
    const messages = (tags: string) => uploadTagsSchema.safeParse(tags).error?.issues.map((issue) => issue.message);
    expect(messages(`ok, ${'x'.repeat(TAG_MAX + 1)}`)).toEqual(['Each tag may have at most 50 characters.']);
    expect(messages(Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`).join(','))).toEqual([
      'Add at most 20 tags.',
    ]);
    expect(messages('x,'.repeat(TAGS_FIELD_MAX))).toEqual(['Tags may have at most 1,040 characters in all.']);
    expect(messages(Array.from({ length: TAGS_MAX }, () => 'x'.repeat(TAG_MAX)).join(', '))).toBeUndefined();
    expect(uploadFieldsSchema.safeParse({ tags: 'x'.repeat(51) }).success).toBe(false);
  });

  it('signs links for an hour by default and for at most seven days', () => {
    expect(signedUrlRequestSchema.parse({})).toEqual({ expiresIn: 3_600 });
    expect(signedUrlRequestSchema.parse({ expiresIn: 604_800 })).toEqual({ expiresIn: 604_800 });
    expect(signedUrlRequestSchema.safeParse({ expiresIn: 604_801 }).success).toBe(false);
  });

  it('takes the searcher from the token: a userId in the body is dropped; a blank query is no error', () => {
    const parsed = searchRequestSchema.parse({
      query: '  coffee  ',
      userId: 'someone-else',
      filters: { type: 'document' },
    });
    expect(parsed).toEqual({ query: 'coffee', filters: { type: 'document' }, limit: 20 });
    expect(searchRequestSchema.parse({ query: '   ' }).query).toBe('');
    expect(searchRequestSchema.safeParse({ query: 'x', limit: 51 }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ query: 'x', filters: { type: 'other' } }).success).toBe(false);
  });

  it('checks a share with the modal’s texts', () => {
    const share = {
      to: ' Buyer@Example.com ',
      subject: 'Shared Files: invoice.pdf',
      files: [
        {
          id: 'f1',
          name: 'invoice.pdf',
          url: 'http://localhost:3000/api/content/access/f1',
          size: 10,
          type: 'application/pdf',
        },
      ],
    };
    expect(contentShareRequestSchema.parse(share)).toMatchObject({
      to: 'buyer@example.com',
      message: '',
      senderName: '',
    });
    const noSubject = contentShareRequestSchema.safeParse({ ...share, subject: '  ' });
    expect(noSubject.error?.issues[0]?.message).toBe(CONTENT_MESSAGES.addSubject);
    const noFiles = contentShareRequestSchema.safeParse({ ...share, files: [] });
    expect(noFiles.error?.issues[0]?.message).toBe('Please select files to share');
  });

  it('words the size limit as the file list does', () => {
    expect(fileTooLargeMessage()).toBe('File size exceeds 25MB limit');
    expect(fileTooLargeMessage(10_485_760)).toBe('File size exceeds 10MB limit');
    expect(fileTooLargeMessage(1_500_000)).toBe('File size exceeds 1.43MB limit');
  });
});
