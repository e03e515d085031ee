import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, contentShareResponseSchema, type ContentFile } from '@tp/shared';
import { useTestApp, createUser, signedInClient, startTestSmtp, type TestSmtp } from '../../test/kit';
import { makePdf, uploaded } from './content-test-kit';
import { sanitizeMessage } from './share.service';

type Mail = TestSmtp['messages'][number];
const addressOf = (field: Mail['to'] | Mail['replyTo']) =>
  (Array.isArray(field) ? field.map((a) => a.text).join(', ') : (field?.text ?? '')).toLowerCase();
const asShared = (file: ContentFile) => ({
  id: file.id,
  name: file.name,
  url: file.url,
  size: file.size,
  type: file.type,
});

/** The href of the link whose text is `name` in an e-mail's HTML. */
function linkTo(mail: Mail, name: string): string {
  const match = new RegExp(`href="([^"]+)"[^>]*>${name.replace(/\./g, '\\.')}<`).exec(String(mail.html));
  if (!match) throw new Error(`no link to ${name} in the e-mail`);
  return match[1]!.replace(/&amp;/g, '&');
}

describe('sharing files by e-mail, over a real SMTP peer', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, CONTENT_SHARE_RECIPIENTS_PER_DAY: '3' }));

  it('sends one e-mail per recipient whose shared links open the files, public or private, for 7 days', async () => {
    const ada = await signedInClient(
      t.app,
      await createUser(t.app, { name: 'Ada Exporter', email: 'ada@exports.test' }),
    );
    const invoice = await uploaded(ada, { fileName: 'invoice.pdf', content: makePdf(['Invoice 42']) });
    const photo = await uploaded(ada, { fileName: 'crate.txt', content: Buffer.from('crate') }, { isPublic: 'true' });
    const payload = {
      subject: 'Shared Files: invoice.pdf, crate.txt',
      message: 'Dear buyer,\nplease find the documents attached.',
      files: [asShared(invoice.file), asShared(photo.file)],
      senderName: 'Ada from Ada Exports',
      senderEmail: 'someone-else@example.com',
    };
    const started = Date.now();
    for (const to of ['buyer.one@example.com', 'buyer.two@example.com']) {
      const res = await ada.post('/api/email/send/content-share', { ...payload, to });
      expect(res.statusCode).toBe(200);
      const answer = contentShareResponseSchema.parse(res.json());
      expect(answer.message).toBe(`Files shared with ${to}`);
      expect(Date.parse(answer.expiresAt) - started).toBeGreaterThan(7 * 86_400_000 - 60_000);
      expect(Date.parse(answer.expiresAt) - started).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    }

    const links = new Set<string>();
    for (const to of ['buyer.one@example.com', 'buyer.two@example.com']) {
      const mail = await smtp.waitForMessage((m) => addressOf(m.to) === to);
      expect(mail.subject).toBe(payload.subject);
      // replies go to the signed-in sender, whatever senderEmail the body claimed
      expect(addressOf(mail.replyTo)).toContain('ada@exports.test');
      expect(String(mail.html)).toContain('Ada from Ada Exports shared 2 files with you');
      expect(mail.text).toContain('invoice.pdf');
      expect(mail.text).toContain('please find the documents attached');
      expect(mail.text).toMatch(/These links work until \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} UTC/);

      for (const [name, body] of [
        ['invoice.pdf', null],
        ['crate.txt', 'crate'],
      ] as const) {
        const link = new URL(linkTo(mail, name));
        // a shared link, not the file's own address (which the recipient never learns)
        expect(link.origin + link.pathname).toBe('http://localhost:3000/api/content/shared');
        expect(link.href).not.toContain(name === 'invoice.pdf' ? invoice.file.id : photo.file.id);
        links.add(link.href);
        const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
        expect(opened.statusCode).toBe(200);
        if (body) expect(opened.body).toBe(body);
        else expect(opened.headers['content-type']).toBe('application/pdf');
      }
    }
    // one link per file and recipient
    expect(links.size).toBe(4);
  });

  it('sanitizes the message with the strict preset', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'note.txt', content: Buffer.from('note') });
    const res = await ada.post('/api/email/send/content-share', {
      to: 'strict@example.com',
      subject: 'Shared Files: note.txt',
      message:
        '<p onclick="steal()">Hello <b>buyer</b> <a href="https://evil.example">click</a></p><script>alert(1)</script><img src=x onerror=alert(2)>',
      files: [asShared(file)],
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitForMessage((m) => addressOf(m.to) === 'strict@example.com');
    const html = String(mail.html);
    expect(html).toContain('<p>Hello <b>buyer</b> click</p>');
    expect(html).not.toMatch(/onclick|onerror|<script|alert\(|evil\.example|<img/);
  });

  it('shares only the sender’s own files', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    const { file } = await uploaded(bob, { fileName: 'bob.txt', content: Buffer.from('bob') }, { isPublic: 'true' });
    const share = (files: object[]) =>
      ada.post('/api/email/send/content-share', { to: 'x@example.com', subject: 'Shared Files', files });
    for (const files of [
      [asShared(file)],
      [{ ...asShared(file), id: '00000000-0000-4000-8000-000000000000' }],
      [{ ...asShared(file), id: 'not-a-uuid' }],
    ]) {
      const res = await share(files);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(CONTENT_MESSAGES.shareFileNotFound);
    }
  });

  it('checks the payload with the modal’s texts', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'a.txt', content: Buffer.from('a') });
    const base = { to: 'x@example.com', subject: 'Shared Files: a.txt', files: [asShared(file)] };
    const noSubject = await ada.post('/api/email/send/content-share', { ...base, subject: ' \n ' });
    expect(noSubject.json().details).toEqual([{ field: 'subject', message: CONTENT_MESSAGES.addSubject }]);
    const noFiles = await ada.post('/api/email/send/content-share', { ...base, files: [] });
    expect(noFiles.json().details).toEqual([{ field: 'files', message: CONTENT_MESSAGES.selectFilesToShare }]);
    const badAddress = await ada.post('/api/email/send/content-share', { ...base, to: 'nobody' });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().details[0].field).toBe('to');
  });

  it('allows CONTENT_SHARE_RECIPIENTS_PER_DAY recipients a day per sender, then answers 429', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'daily.txt', content: Buffer.from('daily') });
    const send = (client: typeof ada, n: number, files = [asShared(file)]) =>
      client.post('/api/email/send/content-share', { to: `r${n}@example.com`, subject: 'Shared Files', files });
    for (let n = 0; n < 3; n += 1) expect((await send(ada, n)).statusCode).toBe(200);
    const refused = await send(ada, 3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: CONTENT_MESSAGES.shareLimitReached, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    const bobs = await uploaded(bob, { fileName: 'bob.txt', content: Buffer.from('b') });
    expect((await send(bob, 4, [asShared(bobs.file)])).statusCode).toBe(200);
  });
});

describe('sanitizeMessage', () => {
  it('keeps basic text tags and line breaks, drops everything else', async () => {
    expect(await sanitizeMessage('Hi <i>there</i>\n<span style="color:red">bye</span><iframe src="x"></iframe>')).toBe(
      'Hi <i>there</i><br><span>bye</span>',
    );
    expect(await sanitizeMessage('')).toBe('');
  });
});
