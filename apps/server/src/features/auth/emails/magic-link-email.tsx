import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

export interface MagicLinkEmailProps {
  name: string;
  link: string;
  isNewUser: boolean;
  expiresInMinutes: number;
}

/** The sign-in e-mail: one button, the plain link, and what to do if it was not you. */
export function MagicLinkEmail({ name, link, isNewUser, expiresInMinutes }: MagicLinkEmailProps) {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return (
    <Html lang="en">
      <Head />
      <Preview>
        {isNewUser ? 'Confirm your e-mail to finish signing up' : 'Your sign-in link for Trading Portal'}
      </Preview>
      <Body
        style={{
          backgroundColor: '#f6f8fb',
          fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif',
        }}
      >
        <Container
          style={{ backgroundColor: '#ffffff', borderRadius: 8, margin: '24px auto', maxWidth: 520, padding: 32 }}
        >
          <Heading as="h1" style={{ color: '#0f172a', fontSize: 22 }}>
            {isNewUser ? 'Welcome to Trading Portal' : 'Sign in to Trading Portal'}
          </Heading>
          <Text style={{ color: '#0f172a', fontSize: 16 }}>{greeting}</Text>
          <Text style={{ color: '#0f172a', fontSize: 16 }}>
            {isNewUser
              ? 'Click the button below to confirm your e-mail address and create your account.'
              : 'Click the button below to sign in. No password needed.'}
          </Text>
          <Section style={{ margin: '24px 0' }}>
            <Button
              href={link}
              style={{
                backgroundColor: '#0369a1',
                borderRadius: 6,
                color: '#ffffff',
                fontSize: 16,
                padding: '12px 20px',
              }}
            >
              {isNewUser ? 'Create my account' : 'Sign in'}
            </Button>
          </Section>
          <Text style={{ color: '#475569', fontSize: 14 }}>Or paste this link into your browser: {link}</Text>
          <Text style={{ color: '#475569', fontSize: 14 }}>
            The link works once and expires in {expiresInMinutes} minutes. If you did not ask for it, ignore this
            e-mail: nobody can sign in without opening it.
          </Text>
          <Text style={{ color: '#475569', fontSize: 12 }}>Trading Portal — Gateway to Global Trading</Text>
        </Container>
      </Body>
    </Html>
  );
}
