import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { EmailLayout } from '../../../plugins/mail/email-layout';

export interface NewsletterConfirmEmailProps {
  name: string;
  confirmUrl: string;
  lists: string[];
  expiresInDays: number;
}

/** Double opt-in: nothing is subscribed until the reader opens the link and confirms on the page. */
export function NewsletterConfirmEmail({ name, confirmUrl, lists, expiresInDays }: NewsletterConfirmEmailProps) {
  return (
    <EmailLayout preview="Confirm your subscription to the Trading Portal newsletter">
      <Heading as="h1" style={{ fontSize: '20px' }}>
        Confirm your subscription
      </Heading>
      <Text>{name ? `Hello ${name},` : 'Hello,'}</Text>
      <Text>
        Someone, hopefully you, asked to receive the Trading Portal newsletter ({lists.join(', ')}) at this address.
        Please confirm by opening the link below.
      </Text>
      <Button
        href={confirmUrl}
        style={{
          backgroundColor: '#0369a1',
          borderRadius: '6px',
          color: '#ffffff',
          fontWeight: 600,
          padding: '12px 20px',
        }}
      >
        Confirm my subscription
      </Button>
      <Text style={{ fontSize: '12px', color: '#475569' }}>
        Or paste this address into your browser: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text style={{ fontSize: '12px', color: '#475569' }}>
        The link is valid for {expiresInDays} days. If you did not ask for this, ignore this e-mail and nothing will
        happen.
      </Text>
    </EmailLayout>
  );
}
