import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { EmailLayout } from '../../../plugins/mail/email-layout';

export interface ContactMessageEmailProps {
  name: string;
  email: string;
  subject: string;
  message: string;
  source: string;
  receivedAt: string;
}

const label = { color: '#475569', fontSize: '12px', margin: '12px 0 0' };
const value = { fontSize: '14px', margin: '2px 0 0' };

/** Sent to support for every contact-form or chat message; Reply-To is the visitor. */
export function ContactMessageEmail({ name, email, subject, message, source, receivedAt }: ContactMessageEmailProps) {
  return (
    <EmailLayout preview={`New message from ${name}`}>
      <Heading as="h1" style={{ fontSize: '20px' }}>
        {subject}
      </Heading>
      <Text style={label}>From</Text>
      <Text style={value}>
        {name} &lt;{email}&gt;
      </Text>
      <Text style={label}>Sent from</Text>
      <Text style={value}>{source}</Text>
      <Text style={label}>Received</Text>
      <Text style={value}>{receivedAt}</Text>
      <Text style={label}>Message</Text>
      <Text style={{ ...value, whiteSpace: 'pre-wrap' }}>{message}</Text>
      <Text style={{ ...label, marginTop: '20px' }}>Reply to this e-mail to answer {name} directly.</Text>
    </EmailLayout>
  );
}
