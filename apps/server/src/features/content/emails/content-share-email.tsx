import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatFileSize } from '@tp/shared';
import { EmailLayout } from '../../../plugins/mail/email-layout';

export interface SharedFileLink {
  name: string;
  /** Bytes. */
  size: number;
  /** The file's shared link. */
  url: string;
}

export interface ContentShareEmailProps {
  senderName: string;
  senderEmail: string;
  /** Already sanitized with the strict preset: basic text tags only. */
  messageHtml: string;
  files: SharedFileLink[];
  /** When the links stop working, written out with its zone ("12 May 2026 at 14:03 UTC"). */
  expiresAt: string;
}

const muted = { color: '#475569', fontSize: '12px' };

/** Files shared by a user with one recipient: the sender's note, one link per file, and until when they work. */
export function ContentShareEmail({ senderName, senderEmail, messageHtml, files, expiresAt }: ContentShareEmailProps) {
  const who = senderName || senderEmail;
  const count = `${files.length} file${files.length === 1 ? '' : 's'}`;
  return (
    <EmailLayout preview={`${who} shared ${count} with you`}>
      <Heading as="h1" style={{ fontSize: '20px' }}>
        {who} shared {count} with you
      </Heading>
      {messageHtml ? (
        <div style={{ fontSize: '14px', lineHeight: '22px' }} dangerouslySetInnerHTML={{ __html: messageHtml }} />
      ) : null}
      <Section>
        {files.map((file) => (
          <Text key={file.url} style={{ margin: '8px 0' }}>
            <Link href={file.url}>{file.name}</Link> <span style={muted}>({formatFileSize(file.size)})</span>
          </Text>
        ))}
        <Text style={muted}>
          {files.length === 1 ? 'This link works' : 'These links work'} until {expiresAt}.
        </Text>
      </Section>
      <Text style={muted}>
        Sent through the Trading Portal by {senderName ? `${senderName} <${senderEmail}>` : senderEmail}. Reply to this
        e-mail to answer them directly.
      </Text>
    </EmailLayout>
  );
}
