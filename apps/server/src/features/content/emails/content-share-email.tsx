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
  url: string;
  /** A signed link's end; absent for a public file's permanent link. */
  expiresAt?: string;
}

export interface ContentShareEmailProps {
  senderName: string;
  senderEmail: string;
  /** Already sanitized with the strict preset: basic text tags only. */
  messageHtml: string;
  files: SharedFileLink[];
}

const muted = { color: '#475569', fontSize: '12px' };

/** Files shared by a user with one recipient: the sender's note, then one link per file. */
export function ContentShareEmail({ senderName, senderEmail, messageHtml, files }: ContentShareEmailProps) {
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
            {file.expiresAt ? (
              <>
                <br />
                <span style={muted}>This link works until {file.expiresAt}.</span>
              </>
            ) : null}
          </Text>
        ))}
      </Section>
      <Text style={muted}>
        Sent through the Trading Portal by {senderName ? `${senderName} <${senderEmail}>` : senderEmail}. Reply to this
        e-mail to answer them directly.
      </Text>
    </EmailLayout>
  );
}
