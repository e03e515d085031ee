import { Fragment, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatFileSize, URL_IN_TEXT, type CampaignTemplateId } from '@tp/shared';

export interface CampaignEmailAttachment {
  name: string;
  size: number;
  href: string;
}

export interface CampaignEmailProps {
  template: CampaignTemplateId;
  subject: string;
  /** The preheader an inbox shows after the subject (default: the subject). */
  preview?: string;
  message: string;
  senderName: string;
  attachments: CampaignEmailAttachment[];
  /** The message's links in order; the text's URLs are linked to the entry with the same `url`. */
  links: Array<{ url: string; href: string }>;
  openPixelSrc: string;
  unsubscribeHref: string;
}

const palette: Record<CampaignTemplateId, { band: string; title: string | null }> = {
  campaign: { band: '#0369a1', title: null },
  newsletter: { band: '#0f766e', title: 'Newsletter' },
  'market-update': { band: '#7c3aed', title: 'Market update' },
  announcement: { band: '#b45309', title: 'Announcement' },
};

/** Trailing punctuation belongs to the sentence, not the URL. */
export function trimUrl(url: string): string {
  return url.replace(/[.,;:!?)\]]+$/, '');
}

function linkify(line: string, links: CampaignEmailProps['links']): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_IN_TEXT)) {
    const url = trimUrl(match[0]);
    const start = match.index;
    parts.push(<Fragment key={parts.length}>{line.slice(last, start)}</Fragment>);
    const link = links.find((l) => l.url === url);
    parts.push(
      link ? (
        <Link key={parts.length} href={link.href}>
          {url}
        </Link>
      ) : (
        <Fragment key={parts.length}>{url}</Fragment>
      ),
    );
    last = start + url.length;
  }
  parts.push(<Fragment key={parts.length}>{line.slice(last)}</Fragment>);
  return parts;
}

/** Every campaign template: the message in paragraphs, file links, the sender, and the unsubscribe link. */
export function CampaignEmail(props: CampaignEmailProps) {
  const { band, title } = palette[props.template];
  const paragraphs = props.message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview ?? props.subject}</Preview>
      <Body style={{ backgroundColor: '#f6f8fb', fontFamily: 'system-ui, -apple-system, Segoe UI, Arial, sans-serif' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            border: '1px solid #d4dbe7',
            borderTop: `4px solid ${band}`,
            borderRadius: '8px',
            margin: '24px auto',
            maxWidth: '560px',
            padding: '24px',
          }}
        >
          {title ? <Text style={{ color: band, fontSize: '13px', fontWeight: 700, margin: 0 }}>{title}</Text> : null}
          {props.template === 'campaign' ? null : (
            <Heading as="h1" style={{ fontSize: '22px', color: '#0f172a' }}>
              {props.subject}
            </Heading>
          )}
          <Section>
            {paragraphs.map((paragraph, i) => (
              <Text key={i} style={{ color: '#0f172a', fontSize: '15px', lineHeight: '24px' }}>
                {paragraph.split('\n').map((line, j) => (
                  <Fragment key={j}>
                    {j > 0 ? <br /> : null}
                    {linkify(line, props.links)}
                  </Fragment>
                ))}
              </Text>
            ))}
          </Section>
          {props.attachments.length > 0 ? (
            <Section>
              <Text style={{ fontWeight: 600, marginBottom: '4px' }}>Files</Text>
              {props.attachments.map((file) => (
                <Text key={file.href} style={{ margin: '2px 0' }}>
                  <Link href={file.href}>{file.name}</Link> ({formatFileSize(file.size)})
                </Text>
              ))}
            </Section>
          ) : null}
          <Hr style={{ borderColor: '#d4dbe7' }} />
          <Text style={{ color: '#475569', fontSize: '12px' }}>
            Sent by {props.senderName} through Trading Portal. You receive this because you are on {props.senderName}
            ’s contact list. <Link href={props.unsubscribeHref}>Unsubscribe</Link>
          </Text>
          <Img src={props.openPixelSrc} width="1" height="1" alt="" style={{ display: 'block', border: 0 }} />
        </Container>
      </Body>
    </Html>
  );
}
