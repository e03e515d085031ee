import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { PRODUCT_NAME, TAGLINE } from '@tp/shared';

const body = {
  backgroundColor: '#f6f8fb',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif',
  color: '#0f172a',
};
const card = {
  backgroundColor: '#ffffff',
  border: '1px solid #d4dbe7',
  borderRadius: '12px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '24px',
};
const footer = { color: '#475569', fontSize: '12px' };

/** The frame every e-mail of the public site shares. */
export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={{ color: '#0369a1', fontSize: '14px', fontWeight: 700, margin: 0 }}>{PRODUCT_NAME}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#d4dbe7' }} />
          <Text style={footer}>
            {PRODUCT_NAME}: {TAGLINE}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
